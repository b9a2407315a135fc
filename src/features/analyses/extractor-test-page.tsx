/**
 * Extractor test (§2.4): drop a file, see what this environment's extractor makes of it, copy the
 * result. Nothing is stored. When the extractor is not enabled (switched off in the settings, or left
 * out of a configured module list: `extractorEnabled`, shared with the pipeline), the user is sent to
 * the dashboard with the §8 message.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Classes, NonIdealState, ProgressBar, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/upload';
import { errorMessage, serverCode } from '../../api/errors';
import { testExtractor, type ExtractorResult } from '../../contract/analyses';
import { uploadProblems, type UploadProblem } from '../../contract/uploads';
import { extractorEnabled } from '../../contract/pipeline-modules';
import { paths } from '../../app/paths';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { JsonTree } from '../../ui/json-tree';
import { ListState } from '../../ui/list-state';
import { analysesQueries } from './queries';
import { canTestExtractor } from './analysis-rules';
import { FileDrop } from './file-drop';
import { ExtractedDocuments } from './extracted-documents';
import { rejectedProblems, UploadProblems } from './upload-problems';

export function ExtractorTestPage() {
  const { t } = useTranslation(['analyses', 'routes']);
  const { projectId = '', envId = '' } = useParams();
  const settings = useQuery(analysesQueries.settings(envId));
  const enabled = settings.data ? extractorEnabled(settings.data.settings) : undefined;

  useEffect(() => {
    if (enabled === false) toast.warn({ summary: tr('analyses:extractorTest.notEnabled') });
  }, [enabled]);

  if (enabled === false) return <Navigate to={paths.dashboard(projectId, envId)} replace />;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:testExtractor')}</h1>
      <ListState query={settings} isEmpty={false} emptyText="" errorText={t('analyses:errors.generic')}>
        <ExtractorTest envId={envId} projectId={projectId} />
      </ListState>
    </section>
  );
}

function ExtractorTest({ envId, projectId }: { envId: string; projectId: string }) {
  const { t } = useTranslation('analyses');
  const navigate = useNavigate();
  const project = useQuery(analysesQueries.project(projectId));
  const allowed = canTestExtractor(project.data);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ExtractorResult | null>(null);
  const [view, setView] = useState<'text' | 'json'>('text');

  const run = async (chosen: File) => {
    setFile(chosen);
    setResult(null);
    const found = uploadProblems([chosen]);
    setProblems(found);
    if (found.length > 0) return;
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    setProgress(0);
    try {
      setResult(await upload(testExtractor, { params: { envId }, body, onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0) }));
    } catch (error) {
      const listed = rejectedProblems(error);
      if (listed.length > 0) setProblems(listed);
      else if (serverCode(error) === 'extractorNotEnabled') {
        // Switched off since the page opened: same §8 redirect as on arrival.
        toast.warn({ summary: tr('analyses:extractorTest.notEnabled') });
        void navigate(paths.dashboard(projectId, envId), { replace: true });
      } else toast.error({ summary: tr('analyses:extractorTest.failed'), detail: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(JSON.stringify(result, null, 2));
      toast.success({ summary: tr('analyses:extractorTest.copied') });
    } catch (error) {
      toast.error({ summary: tr('analyses:extractorTest.copyFailed'), detail: errorMessage(error) });
    }
  };

  if (!allowed.allowed) return <Callout intent="warning">{t(`actions.why.${allowed.reason}`)}</Callout>;
  return (
    <>
      <p className={Classes.TEXT_MUTED}>{t('extractorTest.intro')}</p>
      <FileDrop label={t('extractorTest.choose')} hint={t('extractorTest.drop')} onFiles={([first]) => first && void run(first)} testId="extractor-drop">
        {file && <p style={{ margin: '0.5rem 0 0' }}>{file.name}</p>}
      </FileDrop>
      <UploadProblems problems={problems} />
      {progress !== null && (
        <div role="status" aria-live="polite" style={{ margin: '0.75rem 0' }}>
          {progress < 1 ? <ProgressBar value={progress} intent="primary" /> : <Spinner size={20} />} {t('extractorTest.running')}
        </div>
      )}
      {result && (
        <section aria-labelledby="extractor-result" style={{ marginTop: '1rem' }}>
          <div className="p-toolbar">
            <h2 id="extractor-result" style={{ margin: 0 }}>{t('extractorTest.result')}</h2>
            <SegmentedControl
              options={[{ label: t('extractorTest.result'), value: 'text' }, { label: 'JSON', value: 'json' }]}
              value={view}
              onValueChange={(value) => setView(value as 'text' | 'json')}
            />
            <Button icon="duplicate" text={t('extractorTest.copy')} onClick={() => void copy()} />
          </div>
          {result.documents.length === 0 ? <NonIdealState icon="document" title={t('extracted.noText')} /> : view === 'text' ? <ExtractedDocuments result={result} /> : <JsonTree value={result} />}
        </section>
      )}
    </>
  );
}
