/**
 * audit-logs: who did what, as whom, on what and when, as sentences; filters by person
 * (the organisation's members), action (by its name) and date range; paginated. The raw request of
 * each entry is in its detail.
 */
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates';
import { auditActionKinds, auditActionName, type Translate } from '../../i18n/audit-sentence';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { organisationQueries, type AuditFilters } from './queries';
import { DateField } from '../../ui/date-field';
import { AuditEntrySentence } from './audit-entry';
import { Field } from '../../ui/form';
import { EmptyState } from '../../ui/empty-state';
import { DataTable } from '../../ui/data-table';

export function AuditLogsPage() {
  const { t, i18n } = useTranslation(['organisations', 'routes', 'auditLog']);
  const orgaId = useParams().orgaId ?? '';
  const { language } = usePreferences();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)) as unknown as AuditFilters;
  const orga = useQuery(organisationQueries.detail(orgaId));
  const isAdmin = orga.data?.isAdmin === true;
  const logs = useQuery({ ...organisationQueries.auditLogs(orgaId, clean), placeholderData: keepPreviousData, enabled: isAdmin });
  const members = useQuery({ ...organisationQueries.members(orgaId), enabled: isAdmin });
  const set = (patch: Partial<AuditFilters>) => setFilters({ ...filters, ...patch, page: patch.page ?? 1 });
  const pages = logs.data ? Math.max(1, Math.ceil(logs.data.total / logs.data.pageSize)) : 1;
  const translate = t as unknown as Translate;
  // The action kinds are those with a text (a test keeps them equal to the contract's operations).
  const actions = useMemo(() => {
    const tree = (i18n.getResourceBundle(i18n.language, 'auditLog') as { actions?: unknown } | undefined)?.actions;
    return ['read', ...auditActionKinds(tree)]
      .map((kind) => ({ value: kind, label: auditActionName(translate, kind) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, i18n.language, language]);
  const people = (members.data ?? [])
    .map((member) => ({ value: member.username, label: `${member.firstname} ${member.lastname} (${member.username})` }))
    .sort((a, b) => a.label.localeCompare(b.label, language));

  if (orga.data && !isAdmin) {
    return (
      <section className="p-page">
        <h1 className="p-page__title">{t('routes:auditLogs')}</h1>
        <EmptyState icon="lock" title={t('members.adminOnly')} />
      </section>
    );
  }
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:auditLogs')}</h1>
      <div className="p-toolbar">
        <Field label={t('audit.person')} labelFor="audit-person" inline>
          <HTMLSelect
            id="audit-person"
            value={filters.person ?? ''}
            onChange={(event) => set({ person: event.currentTarget.value })}
            options={[{ value: '', label: t('auditLog:page.anyone') }, ...people]}
          />
        </Field>
        <Field label={t('audit.action')} labelFor="audit-action" inline>
          <HTMLSelect
            id="audit-action"
            value={filters.action ?? ''}
            onChange={(event) => set({ action: event.currentTarget.value })}
            options={[{ value: '', label: t('auditLog:page.anyAction') }, ...actions]}
          />
        </Field>
        <Field label={t('audit.from')} labelFor="audit-from" inline>
          <DateField id="audit-from" value={filters.from ?? ''} onChange={(from) => set({ from })} />
        </Field>
        <Field label={t('audit.to')} labelFor="audit-to" inline>
          <DateField id="audit-to" value={filters.to ?? ''} onChange={(to) => set({ to })} />
        </Field>
      </div>
      <ListState query={logs} isEmpty={(logs.data?.items ?? []).length === 0} emptyText={t('audit.empty')} errorText={t('audit.error')}>
        <DataTable className="p-table" striped compact>
          <thead>
            <tr>
              <th>{t('audit.when')}</th>
              <th>{t('auditLog:page.event')}</th>
            </tr>
          </thead>
          <tbody>
            {(logs.data?.items ?? []).map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at, language)}</td>
                <td>
                  <AuditEntrySentence entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <div className="p-toolbar">
          <Button icon="chevron-left" aria-label={t('audit.previous')} disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })} />
          <span>{t('audit.page', { page: filters.page, pages, count: logs.data?.total ?? 0 })}</span>
          <Button icon="chevron-right" aria-label={t('audit.next')} disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })} />
        </div>
      </ListState>
    </section>
  );
}
