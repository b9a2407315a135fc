/** audit-logs: who did what, as whom, on what and when; filters by person, action and date range; paginated. */
import { useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, FormGroup, HTMLTable, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { organisationQueries, type AuditFilters } from './queries';
import { DateField } from '../../ui/date-field';

export function AuditLogsPage() {
  const { t } = useTranslation(['organisations', 'routes']);
  const orgaId = useParams().orgaId ?? '';
  const { language } = usePreferences();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)) as unknown as AuditFilters;
  const orga = useQuery(organisationQueries.detail(orgaId));
  const isAdmin = orga.data?.isAdmin === true;
  const logs = useQuery({ ...organisationQueries.auditLogs(orgaId, clean), placeholderData: keepPreviousData, enabled: isAdmin });
  const set = (patch: Partial<AuditFilters>) => setFilters({ ...filters, ...patch, page: patch.page ?? 1 });
  const pages = logs.data ? Math.max(1, Math.ceil(logs.data.total / logs.data.pageSize)) : 1;

  if (orga.data && !isAdmin) {
    return (
      <section className="p-page">
        <h1 className="p-page__title">{t('routes:auditLogs')}</h1>
        <NonIdealState icon="lock" title={t('members.adminOnly')} />
      </section>
    );
  }
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:auditLogs')}</h1>
      <div className="p-toolbar">
        <FormGroup label={t('audit.person')} labelFor="audit-person" inline>
          <InputGroup id="audit-person" type="search" value={filters.person ?? ''} onValueChange={(person) => set({ person })} />
        </FormGroup>
        <FormGroup label={t('audit.action')} labelFor="audit-action" inline>
          <InputGroup id="audit-action" type="search" placeholder="projects.create" value={filters.action ?? ''} onValueChange={(action) => set({ action })} />
        </FormGroup>
        <FormGroup label={t('audit.from')} labelFor="audit-from" inline>
          <DateField id="audit-from" value={filters.from ?? ''} onChange={(from) => set({ from })} />
        </FormGroup>
        <FormGroup label={t('audit.to')} labelFor="audit-to" inline>
          <DateField id="audit-to" value={filters.to ?? ''} onChange={(to) => set({ to })} />
        </FormGroup>
      </div>
      <ListState
        query={logs}
        isEmpty={(logs.data?.items ?? []).length === 0}
        emptyText={t('audit.empty')}
        errorText={t('audit.error')}
      >
        <HTMLTable className="p-table" striped compact>
          <thead>
            <tr>
              <th>{t('audit.when')}</th>
              <th>{t('audit.who')}</th>
              <th>{t('audit.asWhom')}</th>
              <th>{t('audit.what')}</th>
              <th>{t('audit.target')}</th>
            </tr>
          </thead>
          <tbody>
            {(logs.data?.items ?? []).map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at, language)}</td>
                <td>{entry.actorUsername}</td>
                <td>{entry.asUsername ?? '—'}</td>
                <td>
                  <code>{entry.action}</code> <span className="bp6-text-muted">{entry.method} {entry.path}</span>
                </td>
                <td>{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div className="p-toolbar">
          <Button icon="chevron-left" aria-label={t('audit.previous')} disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })} />
          <span>{t('audit.page', { page: filters.page, pages, total: logs.data?.total ?? 0 })}</span>
          <Button icon="chevron-right" aria-label={t('audit.next')} disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })} />
        </div>
      </ListState>
    </section>
  );
}
