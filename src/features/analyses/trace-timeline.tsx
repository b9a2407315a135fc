/** The process trace as a timeline: one group per run, each step with its module, outcome, time and message. */
import { Classes, Icon, Intent, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TraceEntry } from '../../contract/analyses';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { moduleLabel } from './module-label';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';

const LOOK: Record<TraceEntry['outcome'], { icon: IconName; intent: Intent }> = {
  success: { icon: 'tick-circle', intent: Intent.SUCCESS },
  error: { icon: 'error', intent: Intent.DANGER },
  skipped: { icon: 'circle', intent: Intent.NONE },
  aborted: { icon: 'disable', intent: Intent.WARNING },
};

export function TraceTimeline({ trace }: { trace: readonly TraceEntry[] }) {
  const { t } = useTranslation(['analyses', 'environments']);
  const { language } = usePreferences();
  const messages = usePipelineMessage();
  if (trace.length === 0) return <p className={Classes.TEXT_MUTED}>{t('result.noTrace')}</p>;
  const runs = [...new Set(trace.map((entry) => entry.run))].sort((a, b) => a - b);
  return (
    <div data-testid="trace">
      {runs.map((run) => (
        <section key={run} aria-label={t('result.run', { run })}>
          {runs.length > 1 && <h4>{t('result.run', { run })}</h4>}
          <ol className="p-timeline" style={{ listStyle: 'none', paddingLeft: 0, borderLeft: '2px solid #c5cbd3', marginLeft: '0.5rem' }}>
            {trace
              .filter((entry) => entry.run === run)
              .sort((a, b) => a.step - b.step)
              .map((entry) => (
                <li key={`${entry.run}-${entry.step}`} data-module={entry.module} data-outcome={entry.outcome} style={{ position: 'relative', padding: '0.25rem 0 0.5rem 1.25rem' }}>
                  <Icon icon={LOOK[entry.outcome].icon} intent={LOOK[entry.outcome].intent} style={{ position: 'absolute', left: -9, top: 6, background: 'var(--p-bg, white)' }} />
                  <strong>{moduleLabel(t, entry.module)}</strong>{' '}
                  <Tag minimal intent={LOOK[entry.outcome].intent}>{t(`outcome.${entry.outcome}`)}</Tag>{' '}
                  <span className={Classes.TEXT_MUTED}>
                    {formatDateTime(entry.startedAt, language)} · {t('result.duration', { ms: Math.round(entry.durationMs) })}
                  </span>
                  {entry.message && <div data-testid="trace-message">{messages.shown(entry)}</div>}
                </li>
              ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
