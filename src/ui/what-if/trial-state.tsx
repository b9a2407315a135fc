/**
 * What the what-if page and a configuration screen's run trial both show: the replay's progress while
 * a run loads, and a tried change's progress, failure or comparison.
 */
import { useTranslation } from 'react-i18next';
import { Callout, ProgressBar } from '@blueprintjs/core';
import { ComparisonView } from './comparison-view';
import type { LoadState, Trial } from './use-what-if';

/**
 * A known share moves the bar by itself, without Blueprint's moving stripes nor its width transition:
 * reported ten times a second, either would lay out and paint the page every frame on the main
 * thread while the worker it waits for wants the same cores.
 */
function WorkProgress({ value }: { value: number | undefined }) {
  const known = value !== undefined;
  return <ProgressBar className="p-work-progress" value={value} intent="primary" animate={!known} stripes={!known} />;
}

export function LoadProgress({ load }: { load: Extract<LoadState, { phase: 'loading' }> }) {
  const { t } = useTranslation('testRuns');
  const progress = load.progress;
  return (
    <div role="status" className="p-section" data-testid="what-if-loading">
      <WorkProgress value={progress && progress.stage !== 'download' ? progress.done / Math.max(1, progress.total) : undefined} />
      <p>{progress ? t(`whatIf.stages.${progress.stage}`, { done: progress.done, count: progress.total }) : t('whatIf.starting')}</p>
    </div>
  );
}

export function TrialState({ trial }: { trial: Trial | undefined }) {
  const { t } = useTranslation('testRuns');
  if (trial === undefined) return null;
  if (trial.phase === 'running') {
    const progress = trial.progress;
    return (
      <div role="status">
        <WorkProgress value={progress ? progress.done / Math.max(1, progress.total) : undefined} />
        <small>{progress ? t('whatIf.trying', { done: progress.done, count: progress.total }) : t('whatIf.starting')}</small>
      </div>
    );
  }
  if (trial.phase === 'failed') return <Callout intent="danger">{trial.message || t('whatIf.failed')}</Callout>;
  return (
    <>
      <p className="bp6-text-muted">{t('whatIf.triedIn', { seconds: (trial.ms / 1000).toFixed(1) })}</p>
      <ComparisonView comparison={trial.comparison} />
    </>
  );
}
