/**
 * /self/{envId}/analyses: a light user's analyses of one use case, newest first, a page at
 * a time, and "send a mail or a document" with the full console's upload dialog (the §5 rules, the
 * progress, cancel) without its metadata field. Past the month's quota the button is off and the
 * page says when the quota renews; a refusal met while uploading says the same.
 */
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Icon } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { serverCode } from '../../api/errors';
import { paths } from '../../app/paths';
import { useSelfUseCase } from '../../app/self-use-case';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { NewAnalysisDialog } from './new-analysis-dialog';
import { analysesQueries, isRunning, type ListQuery } from './queries';
import { StatusTag } from './status-tag';
import { EmptyState } from '../../ui/empty-state';
import { DataTable } from '../../ui/data-table';

const PAGE_SIZE = 25;

export function LightAnalysesPage() {
  const { t } = useTranslation('selfService');
  const { language } = usePreferences();
  const { envId = '' } = useParams();
  const { quota, refresh } = useSelfUseCase();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const [uploading, setUploading] = useState(false);
  const query: ListQuery = { inMetadata: false, sort: 'createdAt', order: 'desc', page, pageSize: PAGE_SIZE };
  const list = useQuery(analysesQueries.list(envId, query));
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const hasNext = list.data?.totalIsEstimate === true ? items.length === PAGE_SIZE : page * PAGE_SIZE < total;
  const quotaReached = quota.left === 0;
  const goTo = (next: number) => setSearch(next > 1 ? { page: String(next) } : {}, { replace: true });

  const created = () => {
    void queryClient.invalidateQueries({ queryKey: analysesQueries.lists(envId) });
    void refresh();
  };
  // Another tab (or a connected mailbox) may have used the last analyses of the month meanwhile.
  const refused = (error: unknown) => {
    if (serverCode(error) !== 'selfServiceQuotaReached') return false;
    void refresh();
    return true;
  };

  return (
    <section className="p-page" aria-busy={list.isFetching}>
      <div className="p-page__header">
        <h2>{t('analyses.title')}</h2>
        <Button icon="cloud-upload" intent="primary" text={t('analyses.send')} disabled={quotaReached} onClick={() => setUploading(true)} />
      </div>
      <p className="bp6-text-muted">{t('analyses.intro')}</p>
      {quotaReached && (
        <Callout intent="warning" title={t('analyses.quotaReachedTitle')} data-testid="quota-reached">
          {t('analyses.quotaReached', { total: quota.monthlyQuota, date: formatDate(quota.renewsOn, language) })}
        </Callout>
      )}
      <ListState query={list} errorText={t('analyses.error')}>
        {items.length === 0 ? (
          <EmptyState icon="inbox" title={t('analyses.empty')} description={t('analyses.emptyHint')} />
        ) : (
          <DataTable className="p-table" striped compact interactive data-testid="light-analyses">
            <thead>
              <tr>
                <th>{t('analyses.name')}</th>
                <th>{t('analyses.status')}</th>
                <th>{t('analyses.receivedOn')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((analysis) => (
                <tr key={analysis.id} data-analysis-id={analysis.id}>
                  <td>
                    <Link to={paths.selfAnalysisResult(envId, analysis.id)}>
                      {analysis.anonymizedAt && <Icon icon="eye-off" size={12} />} {analysis.name}
                    </Link>
                  </td>
                  <td>
                    <StatusTag status={analysis.status} awaitingFinalStatus={analysis.awaitingFinalStatus} />
                  </td>
                  <td>{formatDateTime(analysis.createdAt, language)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {(page > 1 || hasNext) && (
          <div className="p-toolbar">
            <Button icon="chevron-left" aria-label={t('analyses.previous')} disabled={page <= 1} onClick={() => goTo(page - 1)} />
            <span>{t('analyses.page', { page })}</span>
            <Button icon="chevron-right" aria-label={t('analyses.next')} disabled={!hasNext} onClick={() => goTo(page + 1)} />
          </div>
        )}
        {items.some(isRunning) && (
          <div className="bp6-text-muted p-toolbar" data-testid="auto-refresh">
            <Spinner size={12} className="p-inline-spinner" /> {t('analyses.running')}
          </div>
        )}
      </ListState>
      {uploading && <NewAnalysisDialog envId={envId} withMetadata={false} onClose={() => setUploading(false)} onCreated={created} onRefused={refused} />}
    </section>
  );
}
