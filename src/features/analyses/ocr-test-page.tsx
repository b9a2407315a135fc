/**
 * OCR data extraction test (§2.4, route test-ocrDataExtraction): drop a scan, a photo or a PDF, see
 * each page with the recognised words boxed and the fields the module extracts (value, page,
 * confidence), and copy the result. Nothing is stored. When the environment has no active OCR data
 * extraction module, the user is sent to the dashboard with the §8 message.
 */
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverCode } from '../../api/errors';
import { ocrDataExtractionEnabled, testOcrDataExtraction, type OcrTestResult } from '../../contract/ocr-data-extraction';
import { paths } from '../../app/paths';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { ListState } from '../../ui/list-state';
import { analysesQueries } from './queries';
import { canTestExtractor } from './analysis-rules';
import { copyAsJson, FileTestInput, useFileTest } from './file-test';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { DataTable } from '../../ui/data-table';

export function OcrTestPage() {
  const { t } = useTranslation(['analyses', 'routes']);
  const { projectId = '', envId = '' } = useParams();
  const settings = useQuery(analysesQueries.settings(envId));
  const enabled = settings.data ? ocrDataExtractionEnabled(settings.data.settings) : undefined;

  useEffect(() => {
    if (enabled === false) toast.warn({ summary: tr('analyses:extractorTest.ocrNotEnabled') });
  }, [enabled]);

  if (enabled === false) return <Navigate to={paths.dashboard(projectId, envId)} replace />;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:testOcrDataExtraction')}</h1>
      <ListState query={settings} errorText={t('analyses:errors.generic')}>
        <OcrTest envId={envId} projectId={projectId} />
      </ListState>
    </section>
  );
}

function PageWithBoxes({ page }: { page: OcrTestResult['pages'][number] }) {
  const { t } = useTranslation('analyses');
  const percent = (value: number, of: number) => `${(100 * value) / Math.max(1, of)}%`;
  return (
    <figure style={{ margin: '1rem 0' }} data-testid="ocr-page">
      <figcaption>{t('ocrTest.page', { number: page.number, confidence: page.confidence })}</figcaption>
      <div style={{ position: 'relative', maxWidth: 800, border: '1px solid var(--p-border, #c5cbd3)' }}>
        <img src={page.image} alt={t('ocrTest.page', { number: page.number, confidence: page.confidence })} style={{ width: '100%', display: 'block' }} />
        {page.words.map((word, index) => (
          <span
            key={index}
            title={`${word.text} (${word.confidence} %)`}
            data-testid="ocr-word"
            style={{
              position: 'absolute',
              left: percent(word.box.x0, page.width),
              top: percent(word.box.y0, page.height),
              width: percent(word.box.x1 - word.box.x0, page.width),
              height: percent(word.box.y1 - word.box.y0, page.height),
              outline: `1px solid ${word.confidence >= 80 ? 'rgba(35, 133, 81, 0.8)' : 'rgba(205, 66, 70, 0.9)'}`,
            }}
          />
        ))}
      </div>
    </figure>
  );
}

function OcrTest({ envId, projectId }: { envId: string; projectId: string }) {
  const { t } = useTranslation('analyses');
  const navigate = useNavigate();
  const messages = usePipelineMessage();
  const project = useQuery(analysesQueries.project(projectId));
  const allowed = canTestExtractor(project.data);
  const test = useFileTest(testOcrDataExtraction, envId, (error) => {
    if (serverCode(error) === 'ocrDataExtractionNotEnabled') {
      toast.warn({ summary: tr('analyses:extractorTest.ocrNotEnabled') });
      void navigate(paths.dashboard(projectId, envId), { replace: true });
    } else if (serverCode(error) === 'ocrFileUnsupported') toast.error({ summary: tr('analyses:ocrTest.unsupported') });
    else if (serverCode(error) === 'ocrRulesInvalid') toast.error({ summary: tr('analyses:ocrTest.failed'), detail: tr('ocrRules:errors.ocrRulesInvalid') });
    else toast.error({ summary: tr('analyses:ocrTest.failed'), detail: errorMessage(error) });
  });
  const result = test.result;

  // The fields and the text, without the page images.
  const copy = () =>
    result && copyAsJson({ fields: result.fields, pages: result.pages.map(({ number, confidence, text }) => ({ number, confidence, text })), notes: result.notes.map(messages.stored) });

  if (!allowed.allowed) return <Callout intent="warning">{t(`actions.why.${allowed.reason}`)}</Callout>;
  return (
    <>
      <p className={Classes.TEXT_MUTED}>
        {t('ocrTest.intro')} <Link to={paths.ocrDataExtraction(projectId, envId)}>{t('ocrTest.editRules')}</Link>
      </p>
      <FileTestInput test={test} testId="ocr-drop" runningLabel={t('ocrTest.running')} />
      {result && (
        <section aria-labelledby="ocr-result" style={{ marginTop: '1rem' }}>
          <div className="p-toolbar">
            <h2 id="ocr-result" style={{ margin: 0 }}>{t('extractorTest.result')}</h2>
            <Button icon="duplicate" text={t('extractorTest.copy')} onClick={() => void copy()} />
          </div>
          {result.notes.map((note) => <Callout key={note} intent="warning">{messages.stored(note)}</Callout>)}
          {result.fields.length === 0 ? (
            <p>{t('ocrTest.noField')}</p>
          ) : (
            <DataTable compact striped data-testid="ocr-fields">
              <thead>
                <tr><th>{t('ocrTest.field')}</th><th>{t('ocrTest.value')}</th><th>{t('ocrTest.pageColumn')}</th><th>{t('ocrTest.confidence')}</th><th>{t('ocrTest.by')}</th></tr>
              </thead>
              <tbody>
                {result.fields.map((field) => (
                  <tr key={field.name}>
                    <td>{t(`ocrTest.fields.${field.name}`, { defaultValue: field.name })}</td>
                    <td>{field.value}</td>
                    <td>{field.page}</td>
                    <td>{field.confidence} %</td>
                    <td>{t(`ocrTest.methods.${field.by}`)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {result.pages.map((page) => <PageWithBoxes key={page.number} page={page} />)}
        </section>
      )}
    </>
  );
}
