/**
 * Extractor test (§2.4): drop a file, see what this environment's extractor makes of it, copy the
 * result. Nothing is stored. When the extractor is not enabled (switched off in the settings, or left
 * out of a configured module list: `extractorEnabled`, shared with the pipeline), the user is sent to
 * the dashboard with the §8 message.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Classes, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverCode } from '../../api/errors';
import { testExtractor } from '../../contract/analyses';
import { extractorEnabled } from '../../contract/pipeline-modules';
import { paths } from '../../app/paths';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { JsonTree } from '../../ui/json-tree';
import { ListState } from '../../ui/list-state';
import { analysesQueries } from './queries';
import { canTestExtractor } from './analysis-rules';
import { copyAsJson, FileTestInput, useFileTest } from './file-test';
import { ExtractedDocuments } from './extracted-documents';
import { EmptyState } from '../../ui/empty-state';

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
      <ListState query={settings} errorText={t('analyses:errors.generic')}>
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
  const [view, setView] = useState<'text' | 'json'>('text');
  const test = useFileTest(testExtractor, envId, (error) => {
    if (serverCode(error) === 'extractorNotEnabled') {
      // Switched off since the page opened: same §8 redirect as on arrival.
      toast.warn({ summary: tr('analyses:extractorTest.notEnabled') });
      void navigate(paths.dashboard(projectId, envId), { replace: true });
    } else toast.error({ summary: tr('analyses:extractorTest.failed'), detail: errorMessage(error) });
  });
  const result = test.result;

  if (!allowed.allowed) return <Callout intent="warning">{t(`actions.why.${allowed.reason}`)}</Callout>;
  return (
    <>
      <p className={Classes.TEXT_MUTED}>{t('extractorTest.intro')}</p>
      <FileTestInput test={test} testId="extractor-drop" runningLabel={t('extractorTest.running')} />
      {result && (
        <section aria-labelledby="extractor-result" style={{ marginTop: '1rem' }}>
          <div className="p-toolbar">
            <h2 id="extractor-result" style={{ margin: 0 }}>{t('extractorTest.result')}</h2>
            <SegmentedControl
              options={[{ label: t('extractorTest.result'), value: 'text' }, { label: 'JSON', value: 'json' }]}
              value={view}
              onValueChange={(value) => setView(value as 'text' | 'json')}
            />
            <Button icon="duplicate" text={t('extractorTest.copy')} onClick={() => void copyAsJson(result)} />
          </div>
          {result.documents.length === 0 ? <EmptyState icon="document" title={t('extracted.noText')} /> : view === 'text' ? <ExtractedDocuments result={result} /> : <JsonTree value={result} />}
        </section>
      )}
    </>
  );
}
