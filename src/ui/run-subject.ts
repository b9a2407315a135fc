/**
 * What a run ran on, as the runs screens name it: its set's name, or "Message : <name>" for a run of
 * one (the qualification screen's pre-annotation), whose set is null.
 */
import type { TFunction } from 'i18next';
import type { TestRunSummary } from '../contract/testing-runs';

export type RunSubject = Pick<TestRunSummary, 'setId' | 'setName' | 'messageId' | 'messageName'>;

export function runSubjectText(run: RunSubject, t: TFunction<'testRuns'>): string {
  if (run.messageId !== null) return t('list.message', { name: run.messageName ?? run.messageId });
  return run.setName ?? '—';
}

/** Whether two runs ran on the same set, or on the same single message. */
export function sameSubject(a: RunSubject, b: RunSubject): boolean {
  return a.setId === b.setId && a.messageId === b.messageId;
}
