/**
 * Per message, expected beside obtained for the chosen kind, each counted value with its outcome and
 * the rule that fired; a message still in the bank opens its qualification screen. Windowed: only the rows in view are in the DOM, so 1,000 messages scroll and
 * render like 20 (fixed row height; the browser never lays out the rest). Its tags are plain markup
 * (ui/plain-tag.tsx), which measures nothing while React commits.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { NO_QUALIFIED, type EvaluationKind } from '../../../contract/testing-evaluation';
import type { TestMessageRow } from '../../../contract/testing-runs';
import { PlainTag } from '../../../ui/plain-tag';
import { ValueLabel } from '../../../ui/special-value';
import { storedErrorText } from './stored-error';
import { statusIntent } from './tests-page';

const ROW_HEIGHT = 72;
const VIEW_HEIGHT = 432;
const OVERSCAN = 4;

const valueText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

function entriesText(entries: readonly { key: string; document: string | null; value: unknown }[] | undefined, labels: boolean): string {
  if (!entries || entries.length === 0) return '—';
  return entries.map((entry) => `${entry.document ? `${entry.document}: ` : ''}${labels ? '' : `${entry.key} = `}${valueText(entry.value)}`).join(' · ');
}

function ErrorText({ text }: { text: string }) {
  return (
    <small className="p-run-message-error" title={text}>
      {text.length > 80 ? `${text.slice(0, 79)}…` : text}
    </small>
  );
}

function MessageName({ projectId, message }: { projectId: string; message: TestMessageRow }) {
  const { t } = useTranslation('testRuns');
  // A run outlives its messages: one the bank no longer holds is named, not linked.
  if (!message.inBank) {
    return (
      <>
        <strong>{message.name}</strong>{' '}
        <small className="bp6-text-muted" title={t('result.notInBankHelp')}>
          ({t('result.notInBank')})
        </small>
      </>
    );
  }
  return (
    <Link to={`${paths.qualification(projectId)}?message=${encodeURIComponent(message.messageId)}`} title={t('result.openMessage')}>
      <strong>{message.name}</strong>
    </Link>
  );
}

export function MessagesList({ projectId, messages, kind }: { projectId: string; messages: readonly TestMessageRow[]; kind: EvaluationKind }) {
  const { t } = useTranslation('testRuns');
  const [scrollTop, setScrollTop] = useState(0);
  const labels = kind === 'categories' || kind === 'attachments_categories';
  if (messages.length === 0) return <p>{t('result.noMessages')}</p>;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(messages.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  return (
    <div className="p-run-messages" role="table" aria-label={t('result.messages')} aria-rowcount={messages.length + 1}>
      {/* A table holds row groups (or rows): the header and the scrolling body are one each; the body's sizing box is presentational. */}
      <div role="rowgroup">
        <div className="p-run-message is-head" role="row">
          <span role="columnheader">{t('result.message')}</span>
          <span role="columnheader">{t('result.expected')}</span>
          <span role="columnheader">{t('result.obtained')}</span>
          <span role="columnheader">{t('result.outcome')}</span>
        </div>
      </div>
      <div className="p-run-messages-body" role="rowgroup" style={{ height: Math.min(VIEW_HEIGHT, messages.length * ROW_HEIGHT) }} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)} tabIndex={0}>
        <div role="presentation" style={{ height: messages.length * ROW_HEIGHT, position: 'relative' }}>
          {messages.slice(first, last).map((message, offset) => {
            const outcomes = message.outcomes[kind] ?? [];
            const fired = labels ? message.firedRules : [];
            return (
              <div key={message.messageId} className="p-run-message" role="row" aria-rowindex={first + offset + 2} data-message-id={message.messageId} style={{ position: 'absolute', top: (first + offset) * ROW_HEIGHT, height: ROW_HEIGHT, left: 0, right: 0 }}>
                <span role="cell">
                  <MessageName projectId={projectId} message={message} />
                  <br />
                  <PlainTag minimal intent={statusIntent(message.status)}>{t(`status.${message.status}`)}</PlainTag>{' '}
                  {message.error && <ErrorText text={storedErrorText(message.error)} />}
                </span>
                <span role="cell">{message.expected[kind]?.qualified ? entriesText(message.expected[kind]?.values, labels) : <ValueLabel value={NO_QUALIFIED} />}</span>
                <span role="cell">
                  {entriesText(message.obtained[kind], labels)}
                  {fired.length > 0 && (
                    <small className="p-fired" title={t('result.firedRule')}>
                      <br />
                      {fired.map((entry) => `${entry.category} ← ${entry.rule}`).join(' · ')}
                    </small>
                  )}
                </span>
                <span role="cell">
                  {outcomes.map((row, index) => (
                    <PlainTag key={index} minimal intent={row.outcome === 'TP' ? 'success' : row.outcome === 'SKIPPED' ? 'none' : 'danger'} title={t(`rules.${row.rule}` as never)} className="p-outcome">
                      {t(`outcomes.${row.outcome}`)} <ValueLabel value={row.value} brief />
                      <small> · {t(`rules.${row.rule}` as never)}</small>
                    </PlainTag>
                  ))}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
