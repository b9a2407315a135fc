/**
 * Reprocess, in two steps: the dialog first asks the server for a dry-run count of what the
 * selection would requeue (and what it would skip), the SRE confirms, then the dialog follows the
 * batch's progress until every requeued analysis has finished its new run. Nothing runs here: the
 * server puts the analyses back in the normal queue.
 */
import { useEffect } from 'react';
import { Button, Callout, Classes, DialogBody, DialogFooter, ProgressBar } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { Dialog } from '../../ui/dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverCode } from '../../api/errors';
import { request } from '../../api/request';
import { REPROCESS_MAX, reprocessAnalyses, type ReprocessSelection } from '../../contract/sre-analyses';
import { sreQueries } from './queries';

export function ReprocessDialog({ selection, onClose }: { selection: ReprocessSelection; onClose: () => void }) {
  const { t, i18n } = useTranslation('sre');
  const queryClient = useQueryClient();
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  // The dry run is a read for the screen: cached per selection, never retried into a real run.
  const dryRun = useQuery({
    queryKey: [...sreQueries.all(), 'dry-run', selection] as const,
    queryFn: ({ signal }) => request(reprocessAnalyses, { body: { selection, dryRun: true }, signal }),
    gcTime: 0,
    staleTime: 0,
  });
  const run = useMutation({
    mutationFn: () => request(reprocessAnalyses, { body: { selection, dryRun: false } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sreQueries.analysesLists() }),
  });
  const batchId = run.data?.batchId ?? null;
  const progress = useQuery({
    ...sreQueries.progress(batchId ?? ''),
    enabled: batchId !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data === undefined || data.waiting + data.pending > 0 ? 1_000 : false;
    },
  });
  const done = progress.data !== undefined && progress.data.waiting + progress.data.pending === 0;
  useEffect(() => {
    // The new runs ended: the lists show their outcome.
    if (done) void queryClient.invalidateQueries({ queryKey: sreQueries.analysesLists() });
  }, [done, queryClient]);

  const count = dryRun.data?.requeued ?? 0;
  const tooMany = count > REPROCESS_MAX;
  const started = run.isSuccess;

  let body: React.JSX.Element;
  if (dryRun.isPending) body = <Pending queries={[dryRun]} aria-label={t('reprocess.counting')} size={24} />;
  else if (dryRun.error) body = <Callout intent="danger" title={t('reprocess.countFailed')}>{errorMessage(dryRun.error)}</Callout>;
  else if (!started) {
    body = (
      <div data-testid="reprocess-dry-run">
        <p>
          <strong>{t('reprocess.willRequeue', { count, formatted: n(count) })}</strong>
        </p>
        {(dryRun.data?.skipped ?? 0) > 0 && <p className={Classes.TEXT_MUTED}>{t('reprocess.skipped', { count: dryRun.data!.skipped, formatted: n(dryRun.data!.skipped) })}</p>}
        {tooMany && <Callout intent="warning">{t('errors.reprocessTooMany', { max: n(REPROCESS_MAX) })}</Callout>}
        <p className={Classes.TEXT_MUTED}>{t('reprocess.queueHint')}</p>
        {run.error && (
          <Callout intent="danger" title={t('reprocess.failed')}>
            {serverCode(run.error) === 'reprocessTooMany' ? t('errors.reprocessTooMany', { max: n(REPROCESS_MAX) }) : errorMessage(run.error)}
          </Callout>
        )}
      </div>
    );
  } else if (run.data?.batchId === null) {
    body = <p data-testid="reprocess-progress">{t('reprocess.nothingRequeued')}</p>;
  } else {
    const data = progress.data;
    const finished = data ? data.processed + data.error + data.aborted + data.gone : 0;
    body = (
      <div data-testid="reprocess-progress" aria-live="polite">
        <p>{t('reprocess.requeued', { count: run.data?.requeued ?? 0, formatted: n(run.data?.requeued ?? 0) })}</p>
        <ProgressBar value={data && data.total > 0 ? finished / data.total : 0} animate={!done} stripes={!done} intent={done ? 'success' : 'primary'} />
        {data && (
          <p data-testid="reprocess-counts">
            {t('reprocess.progress', {
              count: finished,
              finished: n(finished),
              total: n(data.total),
              waiting: n(data.waiting),
              pending: n(data.pending),
              processed: n(data.processed),
              error: n(data.error),
            })}
          </p>
        )}
        {done && <Callout intent="success">{t('reprocess.done')}</Callout>}
      </div>
    );
  }

  return (
    <Dialog isOpen title={t('reprocess.title')} icon="refresh" onClose={onClose} canOutsideClickClose={!run.isPending}>
      <DialogBody>{body}</DialogBody>
      <DialogFooter
        actions={
          started ? (
            <Button text={t('reprocess.close')} onClick={onClose} autoFocus />
          ) : (
            <>
              <Button text={t('reprocess.cancel')} onClick={onClose} />
              <Button
                intent="danger"
                text={t('reprocess.confirm', { count, formatted: n(count) })}
                disabled={!dryRun.isSuccess || count === 0 || tooMany}
                loading={run.isPending}
                onClick={() => run.mutate()}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
