/**
 * A change tried on a run's messages: per value the TP, FP and FN it gains or loses, the metrics of
 * each kind before and after, and the messages whose outcome changed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tag } from '@blueprintjs/core';
import type { ValueOutcome } from '../../contract/testing-evaluation';
import type { ChangedMessage, ValueDelta, WhatIfComparison } from '../../testing-center/what-if';
import { DataTable } from '../data-table';
import { ValueLabel } from '../special-value';
import { LazyDetails } from '../lazy-details';

/** Rows rendered at first, then as many more per click: a change can move hundreds of messages. */
const ROWS = 100;

const signed = (value: number) => (value > 0 ? `+${value}` : `−${-value}`);
const ratio = (value: number) => value.toFixed(3);

/** "+3 VP, −1 FN": the counts that moved, in the reader's words. */
export function DeltaText({ delta }: { delta: ValueDelta }) {
  const { t } = useTranslation('testRuns');
  const parts = (['tp', 'fp', 'fn'] as const).filter((key) => delta[key] !== 0).map((key) => `${signed(delta[key])} ${t(`outcomes.${key.toUpperCase() as 'TP' | 'FP' | 'FN'}`)}`);
  return <>{parts.join(', ')}</>;
}

function Outcomes({ rows }: { rows: readonly ValueOutcome[] }) {
  const { t } = useTranslation('testRuns');
  if (rows.length === 0) return <span className="bp6-text-muted">—</span>;
  return (
    <>
      {rows.map((row, index) => (
        <Tag key={index} minimal intent={row.outcome === 'TP' ? 'success' : row.outcome === 'SKIPPED' ? 'none' : 'danger'} style={{ marginInlineEnd: '0.25rem' }}>
          <ValueLabel value={row.value} brief /> {t(`outcomes.${row.outcome}`)}
        </Tag>
      ))}
    </>
  );
}

/** Messages whose outcomes differ, before beside after. */
export function ChangedMessages({ changed }: { changed: readonly ChangedMessage[] }) {
  const { t } = useTranslation('testRuns');
  const [shown, setShown] = useState(ROWS);
  return (
    <>
      <DataTable className="p-table" compact aria-label={t('whatIf.changedMessagesTable')}>
        <thead>
          <tr>
            <th>{t('whatIf.message')}</th>
            <th>{t('whatIf.kind')}</th>
            <th>{t('whatIf.before')}</th>
            <th>{t('whatIf.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changed.slice(0, shown).map((entry) => (
            <tr key={`${entry.messageId}:${entry.kind}`} data-message={entry.messageId}>
              <td>{entry.name}</td>
              <td>{t(`kinds.${entry.kind}`)}</td>
              <td>
                <Outcomes rows={entry.before} />
              </td>
              <td>
                <Outcomes rows={entry.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {changed.length > shown && <Button minimal icon="more" text={t('whatIf.showMoreMessages', { count: Math.min(ROWS, changed.length - shown) })} onClick={() => setShown((count) => count + ROWS)} />}
    </>
  );
}

export function ComparisonView({ comparison }: { comparison: WhatIfComparison }) {
  const { t } = useTranslation('testRuns');
  const kinds = Object.keys(comparison.metrics) as (keyof WhatIfComparison['metrics'])[];
  return (
    <div data-testid="what-if-comparison">
      {comparison.deltas.length === 0 ? (
        <p>{t('whatIf.noChange')}</p>
      ) : (
        <ul className="p-what-if-deltas" aria-label={t('whatIf.deltas')}>
          {comparison.deltas.map((delta) => (
            <li key={`${delta.kind}:${delta.value}`} data-value={delta.value}>
              <strong>
                <DeltaText delta={delta} />
              </strong>{' '}
              {t('whatIf.onValue')} <ValueLabel value={delta.value} /> <small className="bp6-text-muted">({t(`kinds.${delta.kind}`)})</small>
            </li>
          ))}
        </ul>
      )}
      <DataTable className="p-table" compact aria-label={t('whatIf.metrics')}>
        <thead>
          <tr>
            <th>{t('whatIf.kind')}</th>
            <th>{t('whatIf.microBefore')}</th>
            <th>{t('whatIf.microAfter')}</th>
            <th>{t('whatIf.macroBefore')}</th>
            <th>{t('whatIf.macroAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => {
            const metrics = comparison.metrics[kind]!;
            return (
              <tr key={kind} data-kind={kind}>
                <td>{t(`kinds.${kind}`)}</td>
                <td>{ratio(metrics.before.micro.f1)}</td>
                <td>{ratio(metrics.after.micro.f1)}</td>
                <td>{ratio(metrics.before.macro.f1)}</td>
                <td>{ratio(metrics.after.macro.f1)}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      {comparison.changed.length > 0 && (
        <LazyDetails className="p-section" summary={t('whatIf.changedMessages', { count: comparison.changed.length })}>
          {() => <ChangedMessages changed={comparison.changed} />}
        </LazyDetails>
      )}
    </div>
  );
}
