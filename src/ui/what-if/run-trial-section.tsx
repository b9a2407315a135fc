/**
 * "Try on a test run" as a section of its own, for the configuration screens whose test tools answer
 * on one text (the NLU archetype editor, the extraction tests): the edit, unsaved, tried on every
 * message of a finished test run (run-trial.tsx).
 */
import { useTranslation } from 'react-i18next';
import type { WhatIfChange } from '../../testing-center/what-if-change';
import { RunTrial } from './run-trial';

/** `level`: its heading's, where it fits in the screen's outline (axe checks heading order). */
export function RunTrialSection({ projectId, envId, change, level }: { projectId: string; envId: string; change: WhatIfChange; level: 2 | 3 | 4 }) {
  const { t } = useTranslation('testRuns');
  const Heading = `h${level}` as const;
  return (
    <section className="p-run-trial-section" aria-labelledby="run-trial-title" data-testid="run-trial-section">
      <Heading id="run-trial-title" className="bp6-heading">
        {t('whatIf.sectionTitle')}
      </Heading>
      <p className="bp6-text-muted">{t('whatIf.sectionIntro')}</p>
      <RunTrial projectId={projectId} envId={envId} change={change} />
    </section>
  );
}
