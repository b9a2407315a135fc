/**
 * "Analyse with an environment" in the files viewer: the user picks an environment of their projects,
 * its configuration and NLU lists are read (or taken from the persisted cache offline), and the file
 * just opened is analysed in a web worker by the engines the server runs; the result is shown in the
 * evidence view. The file itself is never sent: only the environment's configuration is read.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Callout, Classes, HTMLSelect, Intent, SpinnerSize } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analysisEvidence } from '../../analyses/evidence';
import { errorMessage } from '../../api/errors';
import { navigationTargetsQuery } from '../../api/navigation-query';
import { pipelineMessageText } from '../../i18n/pipeline-message-text';
import { useOnline } from '../connectivity';
import { Field } from '../form';
import { Spinner } from '../spinner';
import { EvidenceView } from '../evidence/evidence-view';
import { analyseInWorker, FILE_ANALYSIS_DEADLINE_MS, type FileAnalysisOutcome, type RunningAnalysis } from './file-analysis-client';
import { fileAnalysisQueries } from './queries';
import './file-analysis.css';

export interface OpenedFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

type State =
  | { step: 'idle' }
  | { step: 'configuration' }
  | { step: 'running' }
  | { step: 'failed'; message: string }
  | { step: 'done'; environment: string; outcome: Extract<FileAnalysisOutcome, { ok: true }> };

export function AnalyseWithEnvironment({ file }: { file: OpenedFile }) {
  const { t } = useTranslation(['filesViewer', 'pipelineMessages']);
  const translate = (key: string, params: Record<string, unknown>) => t(key as never, params as never) as unknown as string;
  const [open, setOpen] = useState(false);
  const [envId, setEnvId] = useState('');
  const [state, setState] = useState<State>({ step: 'idle' });
  const running = useRef<RunningAnalysis | null>(null);
  const online = useOnline();
  const queryClient = useQueryClient();
  const targets = useQuery({ ...navigationTargetsQuery(), enabled: open });
  const environments = useMemo(() => targets.data?.environments ?? [], [targets.data]);
  const chosen = envId || environments[0]?.id || '';
  const projects = useMemo(() => [...new Set(environments.map((env) => env.projectName))], [environments]);

  useEffect(() => () => running.current?.cancel(), []);

  const analyse = async () => {
    const environment = environments.find((env) => env.id === chosen);
    if (!environment) return;
    running.current?.cancel();
    setState({ step: 'configuration' });
    const query = fileAnalysisQueries.environment(environment.id);
    let configuration = queryClient.getQueryData(query.queryKey);
    if (online || configuration === undefined) {
      if (!online) {
        setState({ step: 'failed', message: t('analysis.offline') });
        return;
      }
      try {
        configuration = await queryClient.fetchQuery(query);
      } catch (error) {
        setState({ step: 'failed', message: t('analysis.configurationFailed', { message: errorMessage(error) }) });
        return;
      }
    }
    setState({ step: 'running' });
    const run = analyseInWorker({ name: file.name, contentType: file.contentType, bytes: file.bytes, settings: configuration.settings, lists: configuration.lists });
    running.current = run;
    const outcome = await run.result;
    if (running.current !== run) return;
    running.current = null;
    if (outcome.ok) setState({ step: 'done', environment: `${environment.projectName} › ${environment.name}`, outcome });
    else if (outcome.reason === 'cancelled') setState({ step: 'idle' });
    else if (outcome.reason === 'timeout') setState({ step: 'failed', message: t('analysis.timeout', { seconds: FILE_ANALYSIS_DEADLINE_MS / 1000 }) });
    else setState({ step: 'failed', message: t('analysis.crashed', { message: outcome.message ?? '' }) });
  };

  if (!open) {
    return (
      <div className="p-fv-analysis">
        <Button icon="predictive-analysis" text={t('analysis.open')} onClick={() => setOpen(true)} data-testid="analyse-open" />
      </div>
    );
  }

  const busy = state.step === 'configuration' || state.step === 'running';
  return (
    <section className="p-fv-analysis" aria-labelledby="fv-analysis-title" data-testid="file-analysis">
      <h2 id="fv-analysis-title" className={`${Classes.HEADING} p-fv-analysis__title`}>
        {t('analysis.open')}
      </h2>
      <p className={Classes.TEXT_MUTED}>{t('analysis.intro')}</p>
      {targets.isPending && targets.fetchStatus === 'paused' ? (
        <Callout intent={Intent.WARNING} icon="offline" data-testid="analysis-offline">
          {t('analysis.offlineEnvironments')}
        </Callout>
      ) : targets.isPending ? (
        <p role="status" className="p-fv-analysis__status">
          <Spinner size={SpinnerSize.SMALL} /> {t('analysis.loadingEnvironments')}
        </p>
      ) : targets.isError ? (
        <Callout intent={Intent.DANGER} data-testid="analysis-error">
          {t('analysis.environmentsFailed', { message: errorMessage(targets.error) })}{' '}
          <Button small icon="refresh" text={t('analysis.retry')} onClick={() => void targets.refetch()} />
        </Callout>
      ) : environments.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="analysis-empty">
          {t('analysis.noEnvironments')}
        </p>
      ) : (
        <div className="p-fv-analysis__form">
          <Field label={t('analysis.environment')} labelFor="fv-analysis-environment" inline>
            <HTMLSelect id="fv-analysis-environment" value={chosen} disabled={busy} onChange={(event) => setEnvId(event.currentTarget.value)} data-testid="analysis-environment">
              {projects.map((project) => (
                <optgroup key={project} label={project}>
                  {environments
                    .filter((env) => env.projectName === project)
                    .map((env) => (
                      <option key={env.id} value={env.id}>
                        {env.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </HTMLSelect>
          </Field>
          <Button intent={Intent.PRIMARY} icon="play" text={t('analysis.run')} loading={busy} disabled={chosen === ''} onClick={() => void analyse()} data-testid="analysis-run" />
          {busy && <Button text={t('analysis.cancel')} onClick={() => running.current?.cancel()} />}
        </div>
      )}
      {busy && (
        <p role="status" className="p-fv-analysis__status" data-testid="analysis-running">
          <Spinner size={SpinnerSize.SMALL} /> {state.step === 'configuration' ? t('analysis.loadingConfiguration') : t('analysis.running')}
        </p>
      )}
      {state.step === 'failed' && (
        <Callout intent={Intent.WARNING} data-testid="analysis-failed">
          {state.message}
        </Callout>
      )}
      {state.step === 'done' && <AnalysisResult environment={state.environment} outcome={state.outcome} translate={translate} />}
    </section>
  );
}

function AnalysisResult({ environment, outcome, translate }: { environment: string; outcome: Extract<FileAnalysisOutcome, { ok: true }>; translate: (key: string, params: Record<string, unknown>) => string }) {
  const { t } = useTranslation('filesViewer');
  const { analysis } = outcome;
  const evidence = useMemo(() => analysisEvidence(analysis.modules), [analysis]);
  const extractor = analysis.modules.find((module) => module.type === 'extractor')?.result as { documents?: { name: string; notes: string[] }[] } | null | undefined;
  const notes = (extractor?.documents ?? []).flatMap((doc) => doc.notes.map((note) => t('analysis.note', { name: doc.name, note: pipelineMessageText(translate, note) ?? '' })));
  return (
    <div data-testid="analysis-result">
      <Callout intent={Intent.SUCCESS} icon="lock" compact>
        {t('analysis.done', { environment, seconds: (outcome.ms / 1000).toFixed(1) })}
      </Callout>
      {analysis.summary !== '' && <p className={Classes.TEXT_MUTED}>{pipelineMessageText(translate, analysis.summary)}</p>}
      {analysis.mainFileError !== null && <Callout intent={Intent.DANGER}>{pipelineMessageText(translate, analysis.mainFileError)}</Callout>}
      {analysis.notReplayed.length > 0 && <p className={Classes.TEXT_MUTED}>{t('analysis.notReplayed', { names: analysis.notReplayed.join(', ') })}</p>}
      {(notes.length > 0 || analysis.failures.length > 0) && (
        <details className="p-fv-analysis__notes">
          <summary>{t('analysis.notes', { count: notes.length + analysis.failures.length })}</summary>
          <ul>
            {[...analysis.failures.map((failure) => pipelineMessageText(translate, failure) ?? ''), ...notes].map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </details>
      )}
      {evidence === null ? <p className={Classes.TEXT_MUTED}>{t('analysis.noEvidence')}</p> : <EvidenceView evidence={evidence} />}
    </div>
  );
}
