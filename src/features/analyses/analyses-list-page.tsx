/**
 * analyses and ic-analyses (lists): search (optionally in metadata), from/to dates, statuses, sort and
 * pages all done by the server (an environment may hold 100 000 analyses: only one page is ever
 * loaded), a category filter (exact name; a category in a row sets it), kept in the URL so back and reload keep them; column toggles per browser; page download
 * as CSV; refresh; new analysis and simulated mail. Running rows refresh by themselves.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Checkbox, HTMLSelect, Icon, InputGroup } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_STATUSES, type AnalysisSummary } from '../../contract/analyses';
import { paths } from '../../app/paths';
import { usePreferences } from '../../storage/preferences';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { analysesQueries, isRunning, type ListQuery } from './queries';
import { useColumns, type Column } from './columns';
import { DateFilter } from './date-filter';
import { PAGE_SIZES, readFilters, toQuery, writeFilters, type Filters } from './list-filters';
import { StatusTag } from './status-tag';
import { CategoryCell } from './category-cell';
import { saveCsv } from '../../ui/save-blob';
import { analysisCell } from './page-cells';
import { canCreate } from './analysis-rules';
import { PopoverOnDemand } from '../../ui/popover-on-demand';
import { TooltipWhenShown } from '../../ui/tooltip-when-shown';
import { Field } from '../../ui/form';
import { EmptyState } from '../../ui/empty-state';

// What the list shows only when asked: loaded then, so the list itself does not download them.
const NewAnalysisDialog = lazy(() => import('./new-analysis-dialog').then((module) => ({ default: module.NewAnalysisDialog })));
const SimulateMailDialog = lazy(() => import('./simulate-mail-dialog').then((module) => ({ default: module.SimulateMailDialog })));
const loadColumnsPopover = () => import('./columns-popover').then((module) => module.ColumnsPopover);

export type AnalysesVariant = 'analyses' | 'ic';

export function AnalysesListPage() {
  return <AnalysesList variant="analyses" />;
}

export function IcAnalysesListPage() {
  return <AnalysesList variant="ic" />;
}

const SORTABLE: Partial<Record<Column, NonNullable<ListQuery['sort']>>> = { name: 'name', status: 'status', createdAt: 'createdAt' };

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

function AnalysesList({ variant }: { variant: AnalysesVariant }) {
  const { t } = useTranslation(['analyses', 'routes']);
  const { projectId = '', envId = '' } = useParams();
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebounced(searchText, 300);
  const [categoryText, setCategoryText] = useState(filters.category);
  const debouncedCategory = useDebounced(categoryText, 300);
  const columns = useColumns();
  const [dialog, setDialog] = useState<'upload' | 'simulate' | null>(null);
  const project = useQuery(analysesQueries.project(projectId));
  const create = canCreate(project.data);

  const set = (patch: Partial<Filters>) => setSearchParams(writeFilters({ ...filters, page: 1, ...patch }), { replace: true });
  useEffect(() => {
    if (debouncedSearch !== filters.search) set({ search: debouncedSearch });
    // Only the typed text drives this; `set` reads the latest filters when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  useEffect(() => {
    if (debouncedCategory !== filters.category) set({ category: debouncedCategory });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedCategory]);
  const filterCategory = (category: string) => {
    setCategoryText(category);
    set({ category });
  };

  // TanStack Query hashes the key by value: a new object with the same filters is the same query.
  const query = toQuery(filters);
  const list = useQuery(analysesQueries.list(envId, query));
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // Past ANALYSES_COUNT_LIMIT the server stops counting: the last page is then unknown, and "next"
  // stays possible while pages come back full.
  const estimate = list.data?.totalIsEstimate === true;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));
  const hasNext = estimate ? items.length === filters.pageSize : filters.page < pages;
  const pageText = estimate
    ? t('list.pageEstimate', { page: filters.page, total: new Intl.NumberFormat(language).format(total) })
    : t('list.page', { count: total, page: filters.page, pages, total: new Intl.NumberFormat(language).format(total) });
  const filtered = Boolean(filters.search || filters.from || filters.to || filters.statuses.length > 0 || filters.category);
  const polling = items.some(isRunning);
  const resultPath = (id: string) => (variant === 'ic' ? paths.icAnalysis(projectId, envId, id) : paths.analysis(projectId, envId, id));

  const cell = (analysis: AnalysisSummary, column: Column): string => analysisCell(analysis, column, t, language);

  const downloadPage = async () => {
    const { analysesPageCsv } = await import('./page-csv');
    saveCsv(analysesPageCsv(columns, items, t, language), `analyses-${envId}-page-${filters.page}.csv`);
  };

  const toggleSort = (column: Column) => {
    const sort = SORTABLE[column];
    if (!sort) return;
    set({ sort, order: filters.sort === sort && filters.order === 'desc' ? 'asc' : 'desc', page: filters.page });
  };

  const gated = (element: React.JSX.Element) =>
    create.allowed ? element : <TooltipWhenShown content={t(`actions.why.${create.reason}`)}>{element}</TooltipWhenShown>;

  return (
    <section className="p-page" aria-busy={list.isFetching}>
      <div className="p-page__header">
        <h1 className="p-page__title">{t(variant === 'ic' ? 'routes:icAnalyses' : 'routes:analyses')}</h1>
        <ButtonGroup>
          {gated(<Button icon="cloud-upload" intent="primary" text={t('list.newAnalysis')} disabled={!create.allowed} onClick={() => setDialog('upload')} />)}
          {gated(<Button icon="envelope" text={t('list.simulate')} disabled={!create.allowed} onClick={() => setDialog('simulate')} />)}
        </ButtonGroup>
      </div>
      {variant === 'ic' && <p className="bp6-text-muted">{t('list.legacyHint')}</p>}

      <div className="p-toolbar" role="search">
        <Field label={t('list.search')} labelFor="analyses-search" inline>
          <InputGroup
            id="analyses-search"
            type="search"
            leftIcon="search"
            placeholder={t('list.searchPlaceholder')}
            value={searchText}
            onValueChange={setSearchText}
            onKeyDown={(event) => event.key === 'Enter' && set({ search: searchText })}
          />
        </Field>
        <Checkbox label={t('list.inMetadata')} checked={filters.inMetadata} onChange={(event) => set({ inMetadata: event.currentTarget.checked })} />
        <Field label={t('list.from')} labelFor="analyses-from" inline>
          <DateFilter id="analyses-from" value={filters.from} onChange={(from) => set({ from })} language={language} />
        </Field>
        <Field label={t('list.to')} labelFor="analyses-to" inline>
          <DateFilter id="analyses-to" value={filters.to} onChange={(to) => set({ to })} language={language} />
        </Field>
        <Field label={t('list.category')} labelFor="analyses-category" inline>
          <InputGroup
            id="analyses-category"
            leftIcon="tag"
            placeholder={t('list.categoryPlaceholder')}
            maxLength={100}
            value={categoryText}
            onValueChange={setCategoryText}
            onKeyDown={(event) => event.key === 'Enter' && filterCategory(categoryText)}
          />
        </Field>
      </div>
      <div className="p-toolbar">
        <span id="analyses-status-label">{t('list.status')}</span>
        <ButtonGroup aria-labelledby="analyses-status-label">
          {ANALYSIS_STATUSES.map((status) => {
            const on = filters.statuses.includes(status);
            return (
              <Button
                key={status}
                small
                active={on}
                aria-pressed={on}
                text={t(`status.${status}`)}
                onClick={() => set({ statuses: on ? filters.statuses.filter((s) => s !== status) : [...filters.statuses, status] })}
              />
            );
          })}
        </ButtonGroup>
        {filtered && (
          <Button
            minimal
            icon="cross"
            text={t('list.clearFilters')}
            onClick={() => {
              setSearchText('');
              setCategoryText('');
              set({ search: '', from: '', to: '', statuses: [], category: '' });
            }}
          />
        )}
        <span style={{ flex: 1 }} />
        {polling && (
          <span className="bp6-text-muted" data-testid="auto-refresh">
            <Spinner size={12} className="p-inline-spinner" /> {t('list.autoRefresh')}
          </span>
        )}
        <PopoverOnDemand load={loadColumnsPopover} props={{ columns }}>
          <Button icon="th" text={t('list.columns')} rightIcon="caret-down" />
        </PopoverOnDemand>
        <Button icon="refresh" text={t('list.refresh')} loading={list.isFetching && !list.isPending} onClick={() => void list.refetch()} />
        <Button icon="download" text={t('list.download')} disabled={items.length === 0} onClick={() => void downloadPage()} />
      </div>

      <ListState
        query={list}
        isEmpty={false}
        emptyText=""
        errorText={t('list.error')}
      >
        {items.length === 0 ? (
          filtered ? (
            <EmptyState icon="search" title={t('list.emptyFiltered')} />
          ) : (
            <EmptyState icon="inbox" title={t('list.empty')} description={t('list.emptyHint')} />
          )
        ) : (
          <>
            <DataTable className="p-table" striped compact interactive data-testid="analyses-table" label={t(variant === 'ic' ? 'routes:icAnalyses' : 'routes:analyses')}>
              <thead>
                <tr>
                  {columns.map((column) => {
                    const sort = SORTABLE[column];
                    const sorted = sort !== undefined && filters.sort === sort;
                    return (
                      <th key={column} aria-sort={sorted ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                        {sort ? (
                          <Button
                            minimal
                            small
                            text={t(`columns.${column}`)}
                            aria-label={t('list.sortBy', { column: t(`columns.${column}`) })}
                            rightIcon={sorted ? (filters.order === 'asc' ? 'chevron-up' : 'chevron-down') : undefined}
                            onClick={() => toggleSort(column)}
                          />
                        ) : (
                          t(`columns.${column}`)
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {items.map((analysis) => (
                  <tr key={analysis.id} data-analysis-id={analysis.id}>
                    {columns.map((column) => (
                      <td key={column}>
                        {column === 'name' ? (
                          <Link to={resultPath(analysis.id)} aria-label={t('list.open', { name: analysis.name })}>
                            {analysis.anonymizedAt && <Icon icon="eye-off" size={12} />} {analysis.name}
                          </Link>
                        ) : column === 'status' ? (
                          <StatusTag status={analysis.status} awaitingFinalStatus={analysis.awaitingFinalStatus} />
                        ) : column === 'category' ? (
                          <CategoryCell names={analysis.categories.map((category) => category.name)} onFilter={filterCategory} />
                        ) : column === 'id' ? (
                          <code>{analysis.id}</code>
                        ) : (
                          cell(analysis, column)
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </>
        )}
        <div className="p-toolbar" aria-label={pageText}>
          <Button icon="chevron-left" aria-label={t('list.previous')} disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })} />
          <span data-testid="analyses-page">{pageText}</span>
          <Button icon="chevron-right" aria-label={t('list.next')} disabled={!hasNext} onClick={() => set({ page: filters.page + 1 })} />
          <HTMLSelect
            aria-label={t('list.pageSize')}
            value={filters.pageSize}
            onChange={(event) => set({ pageSize: Number(event.currentTarget.value) })}
            options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          />
        </div>
      </ListState>
      <Suspense fallback={null}>
        {dialog === 'upload' && (
          <NewAnalysisDialog
            envId={envId}
            onClose={() => setDialog(null)}
            onCreated={() => void queryClient.invalidateQueries({ queryKey: analysesQueries.lists(envId) })}
          />
        )}
        {dialog === 'simulate' && (
          <SimulateMailDialog
            envId={envId}
            onClose={() => setDialog(null)}
            onCreated={() => void queryClient.invalidateQueries({ queryKey: analysesQueries.lists(envId) })}
          />
        )}
      </Suspense>
    </section>
  );
}
