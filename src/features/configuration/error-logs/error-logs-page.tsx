/**
 * The environment's error logs (§2.4 navigation menu "error logs"): the recent errors of
 * every module, webhook delivery and reply template (`errorLogs.list`), filterable by module, period
 * and text, each linking to its analysis. The server keeps to the environment's retention and says so.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Callout, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ErrorLogsQuery } from '../../../contract/error-logs';
import { ListState } from '../../../ui/list-state';
import { formatDate, formatDateTime } from '../../../i18n/dates';
import { usePreferences } from '../../../storage/preferences';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { errorLogQueries } from './queries';
import { entryText, moduleLabel } from './entry-text';
import { usePipelineMessage } from '../../../i18n/use-pipeline-message';
import { Field, Form } from '../../../ui/form';
import { DataTable } from '../../../ui/data-table';

/** Period presets, in hours back from now; `all` is everything the retention keeps. */
const PERIODS = { all: null, '1h': 1, '24h': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;
type Period = keyof typeof PERIODS;

export function ErrorLogsPage() {
  const { t } = useTranslation(['errorLogs', 'routes', 'common']);
  const messages = usePipelineMessage();
  const { projectId, envId } = useConfigurationEnv();
  const { language } = usePreferences();
  const [module, setModule] = useState('');
  const [period, setPeriod] = useState<Period>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The period's start is fixed when chosen, so the query key (and the cache) stays stable while shown.
  const [from, setFrom] = useState<string | undefined>(undefined);
  const query: ErrorLogsQuery = { ...(module ? { module } : {}), ...(from ? { from } : {}), ...(search ? { search } : {}) };
  const logs = useQuery({ ...errorLogQueries.list(envId, query), placeholderData: keepPreviousData });
  const data = logs.data;
  const filtered = module !== '' || period !== 'all' || search !== '';

  const choosePeriod = (next: Period) => {
    setPeriod(next);
    const hours = PERIODS[next];
    setFrom(hours === null ? undefined : new Date(Date.now() - hours * 3_600_000).toISOString());
  };

  return (
    <ConfigurationFrame title={t('routes:errorLogs')}>
      <p className="bp6-text-muted">{t('intro')}</p>
      {data && (
        <p data-testid="error-logs-retention">
          {data.since === null
            ? t('retention', { retention: t(`retentions.${data.retention}`) })
            : t('retentionSince', { retention: t(`retentions.${data.retention}`), since: formatDate(data.since, language) })}
        </p>
      )}
      <Form
        className="p-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <Field label={t('filters.module')} labelFor="error-logs-module" inline>
          <HTMLSelect
            id="error-logs-module"
            value={module}
            onChange={(event) => setModule(event.currentTarget.value)}
            options={[{ value: '', label: t('filters.allModules') }, ...(data?.modules ?? []).map((name) => ({ value: name, label: moduleLabel(name) }))]}
          />
        </Field>
        <Field label={t('filters.period')} labelFor="error-logs-period" inline>
          <HTMLSelect
            id="error-logs-period"
            value={period}
            onChange={(event) => choosePeriod(event.currentTarget.value as Period)}
            options={(Object.keys(PERIODS) as Period[]).map((value) => ({ value, label: t(`periods.${value}`) }))}
          />
        </Field>
        <Field label={t('filters.search')} labelFor="error-logs-search" inline>
          <InputGroup
            id="error-logs-search"
            type="search"
            placeholder={t('filters.searchPlaceholder')}
            value={typed}
            onValueChange={setTyped}
            rightElement={<Button type="submit" variant="minimal" icon="search" aria-label={t('filters.search')} />}
          />
        </Field>
        {filtered && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('filters.clear')}
            onClick={() => {
              setModule('');
              choosePeriod('all');
              setTyped('');
              setSearch('');
            }}
          />
        )}
      </Form>
      <ListState query={logs} isEmpty={(data?.entries.length ?? 0) === 0} emptyText={t('empty')} errorText={t('error')}>
        {data?.truncated && (
          <Callout intent={Intent.WARNING} compact>
            {t('truncated', { count: data.entries.length })}
          </Callout>
        )}
        <DataTable striped className="p-table p-error-logs" data-testid="error-logs">
          <thead>
            <tr>
              <th scope="col">{t('columns.time')}</th>
              <th scope="col">{t('columns.module')}</th>
              <th scope="col">{t('columns.analysis')}</th>
              <th scope="col">{t('columns.message')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.entries.map((entry) => (
              <tr key={entry.id} data-testid="error-log-row" data-source={entry.source}>
                <td>{formatDateTime(entry.at, language)}</td>
                <td>
                  {moduleLabel(entry.module)} <Tag minimal>{t(`sources.${entry.source}`)}</Tag>
                </td>
                <td>
                  {entry.analysisName === null ? (
                    <span className="bp6-text-muted">{t('analysisGone')}</span>
                  ) : (
                    <Link to={paths.analysis(projectId, envId, entry.analysisId)}>{entry.analysisName}</Link>
                  )}
                </td>
                <td>
                  <div data-testid="error-log-message">{entryText(entry)}</div>
                  {entry.detail && (
                    <details>
                      <summary>{t('detail')}</summary>
                      <code className="p-error-logs__detail">{messages.stored(entry.detail)}</code>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
    </ConfigurationFrame>
  );
}
