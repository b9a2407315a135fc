/**
 * "Try on a test run" as a section of its own, for the configuration screens whose test tools answer
 * on one text (the NLU archetype editor, the extraction tests): the edit, unsaved, tried on every
 * message of a finished test run (run-trial.tsx).
 */
import { H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WhatIfChange } from '../../testing-center/what-if-change';
import { RunTrial } from './run-trial';

export function RunTrialSection({ projectId, envId, change }: { projectId: string; envId: string; change: WhatIfChange }) {
  const { t } = useTranslation('testRuns');
  return (
    <section className="p-run-trial-section" aria-labelledby="run-trial-title" data-testid="run-trial-section">
      <H4 id="run-trial-title">{t('whatIf.sectionTitle')}</H4>
      <p className="bp6-text-muted">{t('whatIf.sectionIntro')}</p>
      <RunTrial projectId={projectId} envId={envId} change={change} />
    </section>
  );
}
