/**
 * analyses/{id} and ic-analyses/{id} (result): overview, original files, per-module results, webhook
 * delivery attempts and the process trace; abort, reanalyze, download and delete, each with its §4
 * rule (a disabled button says why) and the §8 messages. Refreshes by itself while it runs. The
 * sections are tabs (overview, documents, modules, deliveries, trace) named in the URL (`?tab=`).
 */
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Classes, Tag, Tooltip } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { download, request } from '../../api/request';
import { serverCode } from '../../api/errors';
import {
  abortAnalysis,
  deleteAnalysis,
  downloadAnalysisFile,
  reanalyze,
  type AnalysisDetail,
  type AnalysisFile,
} from '../../contract/analyses';
import { paths } from '../../app/paths';
import { usePreferences } from '../../storage/preferences';
import { confirm } from '../../ui/dialogs/dialog-service';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { analysesQueries, isRunning } from './queries';
import { canAbort, canDelete, canDownload, canReanalyze, type Verdict } from './analysis-rules';
import { analysisErrorText } from './analysis-errors';
import { isMissing } from '../../ui/missing-item';
import { formatBytes } from './status-tag';
import { ModuleResults } from './module-results';
import { DeliveryAttempts } from './delivery-attempts';
import { TraceTimeline } from './trace-timeline';
import { saveBlob } from '../../ui/save-blob';
import { AddToTestingCenter } from './add-to-testing-center';
import { AnalysisOverview } from './analysis-overview';
import { AnalysisTabs } from './analysis-tabs';
import { AnalysisEvidence } from './analysis-evidence';
import { EmptyState } from '../../ui/empty-state';

export function AnalysisResultPage() {
  return <AnalysisResult variant="analyses" />;
}

export function IcAnalysisResultPage() {
  return <AnalysisResult variant="ic" />;
}

function AnalysisResult({ variant }: { variant: 'analyses' | 'ic' }) {
  const { t } = useTranslation(['analyses', 'routes', 'common']);
  const { projectId = '', envId = '', analysisId = '' } = useParams();
  const listPath = variant === 'ic' ? paths.icAnalyses(projectId, envId) : paths.analyses(projectId, envId);
  const detail = useQuery(analysesQueries.detail(envId, analysisId));

  let body: React.JSX.Element;
  if (detail.isPending) body = <Pending queries={[detail]} aria-label={t('common:loading')} size={30} />;
  else if (detail.error) {
    const anonymized = serverCode(detail.error) === 'analysisAnonymized';
    body = (
      <EmptyState
        icon={anonymized ? 'eye-off' : isMissing(detail.error) ? 'search' : 'error'}
        title={analysisErrorText(t, detail.error)}
        action={<Link to={listPath}>{t('result.back')}</Link>}
      />
    );
  } else body = <Result analysis={detail.data} envId={envId} projectId={projectId} listPath={listPath} />;

  return (
    <section className="p-page">
      <p>
        <Link to={listPath}>← {t('result.back')}</Link>
      </p>
      <h1 className="p-page__title">
        {detail.data
          ? t('result.title', { title: t(variant === 'ic' ? 'routes:icAnalysis' : 'routes:analysis'), name: detail.data.name })
          : t(variant === 'ic' ? 'routes:icAnalysis' : 'routes:analysis')}
      </h1>
      {body}
    </section>
  );
}

function Gate({ verdict, children }: { verdict: Verdict; children: React.JSX.Element }) {
  const { t } = useTranslation('analyses');
  return verdict.allowed ? children : <Tooltip content={t(`actions.why.${verdict.reason}`)}>{children}</Tooltip>;
}

function Result({ analysis, envId, projectId, listPath }: { analysis: AnalysisDetail; envId: string; projectId: string; listPath: string }) {
  const { t } = useTranslation('analyses');
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const project = useQuery(analysesQueries.project(projectId));
  const rights = project.data;
  const params = { envId, analysisId: analysis.id };

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: analysesQueries.detail(envId, analysis.id).queryKey });
    await queryClient.invalidateQueries({ queryKey: analysesQueries.lists(envId) });
  };
  const act = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      toast.success({ summary: tr(success) });
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('analyses:actions.failed'), detail: analysisErrorText(t, error) });
    }
  };
  const remove = async () => {
    const ok = await confirm({
      title: tr('analyses:actions.deleteTitle'),
      body: tr('analyses:actions.deleteBody', { name: analysis.name }),
      confirmLabel: tr('analyses:actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await request(deleteAnalysis, { params });
      toast.success({ summary: tr('analyses:actions.deleted') });
      queryClient.removeQueries({ queryKey: analysesQueries.detail(envId, analysis.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: analysesQueries.lists(envId) });
      void navigate(listPath);
    } catch (error) {
      toast.error({ summary: tr('analyses:actions.failed'), detail: analysisErrorText(t, error) });
    }
  };
  const downloadFile = async (file: AnalysisFile) => {
    try {
      const { blob, filename } = await download(downloadAnalysisFile, { params: { ...params, fileId: file.id } });
      saveBlob(blob, filename === 'download' ? file.name : filename);
    } catch (error) {
      toast.error({ summary: tr('analyses:errors.downloadError'), detail: analysisErrorText(t, error) });
    }
  };

  const abortVerdict = canAbort(analysis, rights);
  const reanalyzeVerdict = canReanalyze(analysis, rights);
  const deleteVerdict = canDelete(analysis, rights);
  const downloadVerdict = canDownload(analysis);

  return (
    <>
      <div className="p-toolbar">
        <ButtonGroup>
          <Gate verdict={abortVerdict}>
            <Button icon="stop" text={t('actions.abort')} disabled={!abortVerdict.allowed} onClick={() => void act(() => request(abortAnalysis, { params }), 'analyses:actions.aborted')} />
          </Gate>
          <Gate verdict={reanalyzeVerdict}>
            <Button icon="refresh" text={t('actions.reanalyze')} disabled={!reanalyzeVerdict.allowed} onClick={() => void act(() => request(reanalyze, { params }), 'analyses:actions.reanalyzed')} />
          </Gate>
          <Gate verdict={deleteVerdict}>
            <Button icon="trash" intent="danger" text={t('actions.delete')} disabled={!deleteVerdict.allowed} onClick={() => void remove()} />
          </Gate>
        </ButtonGroup>{' '}
        <AddToTestingCenter envId={envId} analysisId={analysis.id} projectId={projectId} rights={rights} />
        {isRunning(analysis) && (
          <span className={Classes.TEXT_MUTED} data-testid="auto-refresh">
            <Spinner size={12} className="p-inline-spinner" /> {t('result.refreshing')}
          </span>
        )}
      </div>

      <AnalysisTabs
        overview={<AnalysisOverview analysis={analysis} />}
        documents={
          <section aria-labelledby="analysis-files">
            <h2 id="analysis-files">{t('result.files')}</h2>
            <ul data-testid="files">
              {analysis.files.map((file) => (
                <li key={file.id}>
                  <Gate verdict={downloadVerdict}>
                    <Button
                      minimal
                      icon="download"
                      text={file.name}
                      aria-label={t('actions.download', { name: file.name })}
                      disabled={!downloadVerdict.allowed}
                      onClick={() => void downloadFile(file)}
                    />
                  </Gate>{' '}
                  <Tag minimal>{file.role === 'main' ? t('result.mainFile') : t('result.attachment')}</Tag>{' '}
                  <span className={Classes.TEXT_MUTED}>{formatBytes(file.size, language)}</span>
                </li>
              ))}
            </ul>
            <h2 id="analysis-evidence">{t('evidence.title')}</h2>
            <AnalysisEvidence analysis={analysis} envId={envId} />
          </section>
        }
        modules={
          <section aria-labelledby="analysis-modules">
            <h2 id="analysis-modules">{t('result.modules')}</h2>
            <ModuleResults modules={analysis.modules} />
          </section>
        }
        deliveries={
          <section aria-labelledby="analysis-deliveries">
            <h2 id="analysis-deliveries">{t('result.deliveries')}</h2>
            <DeliveryAttempts deliveries={analysis.deliveries} />
          </section>
        }
        trace={
          <section aria-labelledby="analysis-trace">
            <h2 id="analysis-trace">{t('result.trace')}</h2>
            <TraceTimeline trace={analysis.trace} />
          </section>
        }
      />
    </>
  );
}
