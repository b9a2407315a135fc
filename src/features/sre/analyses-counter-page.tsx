/**
 * SRE analyses counter (spec §2.2 admin/sre-analyses-counter, §2.4 SRE screens): analyses per
 * organisation, project and environment over a period (this month by default), beside each
 * organisation's yearly quota. The server answers the SRE only.
 */
import { useState } from 'react';

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../ui/list-state';
import { sreQueries } from './queries';
import { DateField } from '../../ui/date-field';
import { Field } from '../../ui/form';
import { formatDate } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { DataTable } from '../../ui/data-table';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

export function AnalysesCounterPage() {
  const { t, i18n } = useTranslation('sre');
  const { language } = usePreferences();
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const query = useQuery({ ...sreQueries.counter(from, to, tz), enabled: valid });
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const organisations = query.data?.organisations ?? [];
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('counter.title')}</h1>
      <div style={{ display: 'flex', gap: '1rem' }}>
        <Field label={t('counter.from')} labelFor="counter-from">
          <DateField id="counter-from" value={from} onChange={setFrom} />
        </Field>
        <Field label={t('counter.to')} labelFor="counter-to" helperText={valid ? undefined : t('counter.invalid')} intent={valid ? 'none' : 'danger'}>
          <DateField id="counter-to" value={to} onChange={setTo} />
        </Field>
      </div>
      <ListState query={query} isEmpty={organisations.length === 0} emptyText={t('counter.empty')} errorText={t('counter.error')}>
        <DataTable className="p-table" compact striped aria-label={t('counter.title')}>
          <thead>
            <tr>
              <th scope="col">{t('counter.scope')}</th>
              <th scope="col">{t('counter.analyses')}</th>
              <th scope="col">{t('counter.quota')}</th>
            </tr>
          </thead>
          <tbody>
            {organisations.flatMap((orga) => [
              <tr key={orga.organisationId} data-testid={`counter-${orga.organisationId}`}>
                <th scope="row">{orga.name}</th>
                <td>
                  <strong>{n(orga.analyses)}</strong>
                </td>
                <td>
                  {orga.quota.yearlyQuota === null
                    ? t('counter.noQuota', { count: orga.quota.used, used: n(orga.quota.used) })
                    : t('counter.quotaUsed', { count: orga.quota.used, used: n(orga.quota.used), quota: n(orga.quota.yearlyQuota), start: formatDate(orga.contractYear.start, language), end: formatDate(orga.contractYear.end, language) })}
                </td>
              </tr>,
              ...orga.projects.flatMap((project) => [
                <tr key={`${orga.organisationId}/${project.projectId}`}>
                  <th scope="row" style={{ paddingLeft: '1.5rem', fontWeight: 'normal' }}>
                    {project.name ?? t('counter.deleted', { id: project.projectId })}
                  </th>
                  <td>{n(project.analyses)}</td>
                  <td />
                </tr>,
                ...project.environments.map((env) => (
                  <tr key={`${orga.organisationId}/${project.projectId}/${env.environmentId}`}>
                    <th scope="row" style={{ paddingLeft: '3rem', fontWeight: 'normal' }}>
                      {env.name ?? t('counter.deleted', { id: env.environmentId })}
                    </th>
                    <td>{n(env.analyses)}</td>
                    <td />
                  </tr>
                )),
              ]),
            ])}
          </tbody>
        </DataTable>
      </ListState>
    </section>
  );
}
