/**
 * An analysis as a light user reads it (/self/{envId}/analyses/result): its final categories,
 * the extracted data (the full console's extraction view) and the reply draft up front, then the
 * original files. No trace, no module internals (rules, criteria, prompts, payloads).
 */
import { Button, Callout, Classes, H2, Tag } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/request';
import { downloadAnalysisFile, type AnalysisDetail, type AnalysisFile } from '../../contract/analyses';
import { formatDateTime } from '../../i18n/dates';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { usePreferences } from '../../storage/preferences';
import { saveBlob } from '../../ui/save-blob';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { resultsSummaryOf } from '../../analyses/results-summary';
import { analysisErrorText } from './analysis-errors';
import { ExtractionResultView } from './extraction-result-view';
import { categoryLabel, fieldLabelsOf, lightResultOf } from './light-result';
import { isRunning } from './queries';
import { formatBytes, StatusTag } from './status-tag';

/** `modules`: the use case's module settings, for the extracted fields' labels (names until they arrive). */
export function LightResultView({ analysis, envId, modules }: { analysis: AnalysisDetail; envId: string; modules?: readonly { id: string; config?: unknown }[] }) {
  const { t } = useTranslation(['selfService', 'analyses']);
  const { t: tAnalyses } = useTranslation('analyses');
  const { language } = usePreferences();
  const messages = usePipelineMessage();
  const running = isRunning(analysis);
  const { extractions, drafts } = lightResultOf(analysis.modules);
  // The analysis's own final categories, as its list row and the full console's overview show them;
  // an analysis finished before the server kept summaries gets its summary made here, by the same rule.
  const categories = (analysis.categories.length > 0 ? analysis.categories : resultsSummaryOf(analysis.modules).categories).map((category) => category.name);
  const pending = <p className={Classes.TEXT_MUTED}>{t('result.notYet')}</p>;

  const downloadFile = async (file: AnalysisFile) => {
    try {
      const { blob, filename } = await download(downloadAnalysisFile, { params: { envId, analysisId: analysis.id, fileId: file.id } });
      saveBlob(blob, filename === 'download' ? file.name : filename);
    } catch (error) {
      toast.error({ summary: tr('analyses:errors.downloadError'), detail: analysisErrorText(tAnalyses, error) });
    }
  };

  return (
    <div className="p-light-result" data-testid="light-result">
      <div className="p-toolbar">
        <StatusTag status={analysis.status} awaitingFinalStatus={analysis.awaitingFinalStatus} />
        <span className={Classes.TEXT_MUTED}>{t('result.receivedOn', { date: formatDateTime(analysis.createdAt, language) })}</span>
      </div>
      {running && (
        <div role="status" className="p-toolbar" data-testid="auto-refresh">
          <Spinner size={12} className="p-inline-spinner" /> {t('result.running')}
        </div>
      )}
      {analysis.error && (
        <Callout intent="danger" title={t('result.failed')}>
          {messages.shown({ message: analysis.error, messageParts: analysis.errorParts })}
        </Callout>
      )}

      <section aria-labelledby="light-categories">
        <H2 className="p-card-heading" id="light-categories">{t('result.categories')}</H2>
        {categories.length > 0 ? (
          <p data-testid="light-categories">
            {categories.map((category, index) => (
              <Tag key={category} large intent={index === 0 ? 'primary' : 'none'} minimal={index > 0} style={{ marginRight: '0.5rem' }} data-category={category}>
                {categoryLabel(category)}
              </Tag>
            ))}
          </p>
        ) : running ? (
          pending
        ) : (
          <p className={Classes.TEXT_MUTED}>{t('result.noCategory')}</p>
        )}
      </section>

      <section aria-labelledby="light-extracted">
        <H2 className="p-card-heading" id="light-extracted">{t('result.extracted')}</H2>
        {extractions.length > 0
          ? extractions.map((module) => <ExtractionResultView key={module.moduleId} module={module} labels={fieldLabelsOf(modules, module.moduleId)} />)
          : running
            ? pending
            : <p className={Classes.TEXT_MUTED}>{t('result.noExtracted')}</p>}
      </section>

      {drafts.length > 0 && (
        <section aria-labelledby="light-reply">
          <H2 className="p-card-heading" id="light-reply">{t('result.reply')}</H2>
          {drafts.map(({ moduleId, draft }) => (
            <pre key={moduleId} className="p-pre-wrap" data-testid="reply-draft">
              {draft}
            </pre>
          ))}
        </section>
      )}

      <section aria-labelledby="light-files">
        <H2 className="p-card-heading" id="light-files">{t('result.files')}</H2>
        <ul data-testid="files">
          {analysis.files.map((file) => (
            <li key={file.id}>
              <Button
                minimal
                icon="download"
                text={file.name}
                aria-label={t('analyses:actions.download', { name: file.name })}
                disabled={analysis.anonymizedAt !== null}
                onClick={() => void downloadFile(file)}
              />{' '}
              <span className={Classes.TEXT_MUTED}>{formatBytes(file.size, language)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
