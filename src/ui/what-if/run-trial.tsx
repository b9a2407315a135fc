/**
 * "Try on a test run" for a configuration screen: the module's configuration as it is being edited,
 * saved or not, tried on the messages of a finished test run of the environment, in the browser
 * (the what-if worker), shown as the difference from the run. Nothing is saved; the screen's own save
 * button saves.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Callout, HTMLSelect, ProgressBar } from '@blueprintjs/core';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { listTests } from '../../contract/testing-runs';
import type { WhatIfChange } from '../../testing-center/what-if-change';
import { Field } from '../form';
import { LoadProgress, TrialState } from './trial-state';
import { changeKey, useWhatIf } from './use-what-if';
import { runSubjectText } from '../run-subject';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';

export function RunTrial({ projectId, envId, change }: { projectId: string; envId: string; change: WhatIfChange }) {
  const { t } = useTranslation('testRuns');
  const { language } = usePreferences();
  const runs = useQuery({
    queryKey: ['whatIf', 'runs', projectId, envId],
    queryFn: async ({ signal }) => (await request(listTests, { params: { projectId }, signal })).filter((run) => run.status === 'finished' && run.environmentId === envId),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const runId = chosen ?? runs.data?.[0]?.id ?? '';
  const { load, trials, tryChange } = useWhatIf(projectId, runId, asked !== null && runId !== '' ? envId : null);
  const key = changeKey(change);
  // The run once replayed, the change asked for is tried (again after each new ask).
  useEffect(() => {
    if (load.phase === 'ready' && asked !== null && trials[asked] === undefined) void tryChange(JSON.parse(asked) as WhatIfChange);
  }, [load.phase, asked, trials, tryChange]);

  if (runs.isPending) return <ProgressBar intent="primary" aria-label={t('whatIf.starting')} />;
  if (runs.error) return <Callout intent="danger">{errorMessage(runs.error)}</Callout>;
  if (runs.data.length === 0) return <Callout>{t('whatIf.noFinishedRun')}</Callout>;
  const trial = asked === null ? undefined : trials[asked];
  const stale = asked !== null && asked !== key;
  return (
    <div className="p-run-trial" data-testid="run-trial">
      <div className="p-toolbar">
        <Field label={t('whatIf.onRun')} labelFor="what-if-run" inline>
          <HTMLSelect
            id="what-if-run"
            value={runId}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              setAsked(null);
            }}
            options={runs.data.map((run) => ({ value: run.id, label: `${runSubjectText(run, t)} · ${formatDateTime(run.createdAt, language)}` }))}
          />
        </Field>
        <Button icon="predictive-analysis" text={t('whatIf.tryDraft')} onClick={() => setAsked(key)} loading={load.phase === 'loading' && asked !== null} />
      </div>
      {asked !== null && load.phase === 'loading' && <LoadProgress load={load} />}
      {load.phase === 'failed' && <Callout intent="danger">{load.message || t('whatIf.loadFailed')}</Callout>}
      {stale && trial?.phase === 'done' && <Callout intent="warning">{t('whatIf.draftChanged')}</Callout>}
      <TrialState trial={trial} />
    </div>
  );
}
