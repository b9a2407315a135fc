/**
 * The overview tab of an analysis result: first what the analysis found (categories with why,
 * extracted data, reply draft), then status, input type, times, final status, CPU, metadata, error.
 */
import { Callout, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisDetail } from '../../contract/analyses';
import { formatDateTime } from '../../i18n/dates';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { usePreferences } from '../../storage/preferences';
import { StatusTag } from './status-tag';
import { AnalysisResultsSummary } from './analysis-results-summary';
import { DataTable } from '../../ui/data-table';

export function AnalysisOverview({ analysis }: { analysis: AnalysisDetail }) {
  const { t } = useTranslation('analyses');
  const messages = usePipelineMessage();
  const { language } = usePreferences();
  const when = (value: string | null) => (value ? formatDateTime(value, language) : t('result.never'));
  const metadata = Object.entries(analysis.metadata);
  return (
    <section aria-labelledby="analysis-overview">
      <h2 id="analysis-overview">{t('result.overview')}</h2>
      <AnalysisResultsSummary analysis={analysis} />
      <DataTable compact className="p-overview" data-testid="overview">
        <tbody>
          <tr><th>{t('result.status')}</th><td><StatusTag status={analysis.status} awaitingFinalStatus={analysis.awaitingFinalStatus} /></td></tr>
          <tr><th>{t('result.inputType')}</th><td>{t(`inputType.${analysis.inputType}`)}</td></tr>
          <tr><th>{t('result.createdAt')}</th><td>{when(analysis.createdAt)}</td></tr>
          <tr><th>{t('result.startedAt')}</th><td>{when(analysis.startedAt)}</td></tr>
          <tr><th>{t('result.finishedAt')}</th><td>{when(analysis.finishedAt)}</td></tr>
          <tr>
            <th>{t('result.finalStatus')}</th>
            <td>
              {analysis.manualFinalStatus ? t('result.finalStatusManual') : t('result.finalStatusAutomatic')}
              {analysis.exchangeLabels && (
                <div>
                  {t('result.exchangeLabelsLine')} {analysis.exchangeLabels.map((label) => <Tag key={label} minimal>{label}</Tag>)}
                </div>
              )}
            </td>
          </tr>
          <tr><th>{t('result.cpu')}</th><td>{t('result.duration', { ms: Math.round(analysis.cpuMs) })}</td></tr>
          <tr>
            <th>{t('result.metadata')}</th>
            <td>
              {metadata.length === 0
                ? t('result.noMetadata')
                : metadata.map(([key, value]) => <div key={key}><code>{key}</code>: {String(value)}</div>)}
            </td>
          </tr>
        </tbody>
      </DataTable>
      {analysis.awaitingFinalStatus && <Callout intent="primary">{t('result.awaitingFinalStatus')}</Callout>}
      {analysis.error && <Callout intent="danger" title={t('result.error')}>{messages.shown({ message: analysis.error, messageParts: analysis.errorParts })}</Callout>}
    </section>
  );
}
