/**
 * SRE analyses screens (spec §2.2 admin/sre-inboxcare and admin/sre-analyses, §2.4 SRE screens):
 * analyses of one project type across organisations, newest first, filtered and paged by the server,
 * with reprocess of one analysis, of the ticked ones, or of everything the filters match — each
 * through the dry-run dialog. The server answers the SRE only.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Checkbox, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalysisStatus } from '../../contract/analyses';
import { REPROCESS_SELECTION_MAX, type ReprocessSelection, type SreAnalysis, type SreAnalysisKind } from '../../contract/sre-analyses';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { paths } from '../../app/paths';
import { sreQueries } from './queries';
import { ReprocessDialog } from './reprocess-dialog';
import { readFilters, SreFiltersBar, toContractFilter, writeFilters } from './sre-filters';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { EmptyState } from '../../ui/empty-state';
import { DataTable } from '../../ui/data-table';

const PAGE_SIZE = 50;
const INTENTS: Record<AnalysisStatus, 'none' | 'primary' | 'success' | 'danger' | 'warning'> = {
  waiting: 'none',
  pending: 'primary',
  processed: 'success',
  error: 'danger',
  aborted: 'warning',
};
const FINISHED: readonly AnalysisStatus[] = ['processed', 'error', 'aborted'];
const reprocessable = (analysis: SreAnalysis) => FINISHED.includes(analysis.status) && !analysis.anonymized;

export function SreAnalysesPage({ kind }: { kind: SreAnalysisKind }) {
  const { t } = useTranslation(['sre', 'analyses', 'environments']);
  const messages = usePipelineMessage();
  const { language } = usePreferences();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reprocessing, setReprocessing] = useState<ReprocessSelection | null>(null);
  const scopes = useQuery(sreQueries.scopes(kind));
  const filter = toContractFilter(kind, filters);
  const list = useQuery(sreQueries.analyses({ ...filter, page, pageSize: PAGE_SIZE }));
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const estimate = list.data?.totalIsEstimate === true;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hasNext = estimate ? items.length === PAGE_SIZE : page < pages;
  const n = (value: number) => new Intl.NumberFormat(language).format(value);

  const go = (nextFilters = filters, nextPage = 1) => {
    setSelected(new Set());
    setSearchParams(writeFilters(nextFilters, nextPage), { replace: true });
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const pageReprocessable = items.filter(reprocessable);
  const allTicked = pageReprocessable.length > 0 && pageReprocessable.every((a) => selected.has(a.id));
  const resultPath = (a: SreAnalysis) => (kind === 'inboxcare' ? paths.icAnalysis(a.project.id, a.environment.id, a.id) : paths.analysis(a.project.id, a.environment.id, a.id));

  return (
    <section className="p-page" aria-busy={list.isFetching}>
      <div className="p-page__header">
        <h1 className="p-page__title">{t(`sre:analyses.title.${kind}`)}</h1>
      </div>
      <p className="bp6-text-muted">{t(`sre:analyses.hint.${kind}`)}</p>
      <SreFiltersBar filters={filters} scopes={scopes.data} onChange={(next) => go(next)} />
      <div className="p-toolbar">
        <Button
          icon="refresh"
          intent="primary"
          text={t('sre:analyses.reprocessSelected', { count: selected.size })}
          disabled={selected.size === 0 || selected.size > REPROCESS_SELECTION_MAX}
          onClick={() => setReprocessing({ by: 'ids', kind, ids: [...selected] })}
        />
        <Button icon="filter" text={t('sre:analyses.reprocessMatching')} disabled={items.length === 0} onClick={() => setReprocessing({ by: 'filter', filter })} />
        <span style={{ flex: 1 }} />
        <Button icon="refresh" variant="minimal" text={t('sre:analyses.refresh')} loading={list.isFetching && !list.isPending} onClick={() => void list.refetch()} />
      </div>
      <ListState query={list} errorText={t('sre:analyses.error')}>
        {items.length === 0 ? (
          <EmptyState icon="search" title={t('sre:analyses.empty')} />
        ) : (
          <DataTable className="p-table" striped compact data-testid="sre-analyses-table">
            <thead>
              <tr>
                <th>
                  <Checkbox
                    aria-label={t('sre:analyses.tickPage')}
                    checked={allTicked}
                    disabled={pageReprocessable.length === 0}
                    onChange={(event) => {
                      const next = new Set(selected);
                      const tick = event.currentTarget.checked;
                      for (const a of pageReprocessable) {
                        if (tick) next.add(a.id);
                        else next.delete(a.id);
                      }
                      setSelected(next);
                    }}
                  />
                </th>
                <th scope="col">{t('sre:analyses.columns.name')}</th>
                <th scope="col">{t('sre:analyses.columns.scope')}</th>
                <th scope="col">{t('sre:analyses.columns.status')}</th>
                <th scope="col">{t('sre:analyses.columns.failedModule')}</th>
                <th scope="col">{t('sre:analyses.columns.createdAt')}</th>
                <th scope="col">
                  <span className="bp6-text-muted">{t('sre:analyses.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} data-analysis-id={a.id}>
                  <td>
                    <Checkbox
                      aria-label={t('sre:analyses.tick', { name: a.name })}
                      checked={selected.has(a.id)}
                      disabled={!reprocessable(a)}
                      onChange={(event) => toggle(a.id, event.currentTarget.checked)}
                    />
                  </td>
                  <td>
                    <Link to={resultPath(a)}>{a.name}</Link>
                  </td>
                  <td>
                    {a.organisation.name} / {a.project.name} / {a.environment.name}
                  </td>
                  <td>
                    <Tag intent={INTENTS[a.status]} minimal={a.status === 'waiting'} data-status={a.status}>
                      {t(`analyses:status.${a.status}`)}
                    </Tag>
                  </td>
                  <td title={messages.stored(a.error) ?? undefined}>{a.failedModule ? t(`environments:modules.types.${a.failedModule}`) : ''}</td>
                  <td>{formatDateTime(a.createdAt, language)}</td>
                  <td>
                    <Button
                      size="small"
                      icon="refresh"
                      variant="minimal"
                      aria-label={t('sre:analyses.reprocessOne', { name: a.name })}
                      title={reprocessable(a) ? t('sre:analyses.reprocessOne', { name: a.name }) : t('sre:analyses.notReprocessable')}
                      disabled={!reprocessable(a)}
                      onClick={() => setReprocessing({ by: 'ids', kind, ids: [a.id] })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        <div className="p-toolbar">
          <Button icon="chevron-left" aria-label={t('sre:analyses.previous')} disabled={page <= 1} onClick={() => go(filters, page - 1)} />
          <span data-testid="sre-analyses-page">
            {estimate ? t('sre:analyses.pageEstimate', { page, total: n(total) }) : t('sre:analyses.page', { count: total, page, pages, total: n(total) })}
          </span>
          <Button icon="chevron-right" aria-label={t('sre:analyses.next')} disabled={!hasNext} onClick={() => go(filters, page + 1)} />
        </div>
      </ListState>
      {reprocessing && (
        <ReprocessDialog
          selection={reprocessing}
          onClose={() => {
            setReprocessing(null);
            setSelected(new Set());
          }}
        />
      )}
    </section>
  );
}

export const SreInboxcarePage = () => <SreAnalysesPage kind="inboxcare" />;
export const SreCoreAnalysesPage = () => <SreAnalysesPage kind="core" />;
