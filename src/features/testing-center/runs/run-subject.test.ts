// @vitest-environment jsdom
/** The runs screens name what a run ran on, a set or one message, in the reader's language; a comparison pairs runs of the same one. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { TestRunSummary } from '../../../contract/testing-runs';
import { initI18n } from '../../../i18n/setup';
import { previousRun } from './result-page';
import { runSubjectText } from '../../../ui/run-subject';

beforeAll(() => initI18n('fr'));
afterEach(() => i18next.changeLanguage('fr'));

const t = () => i18next.getFixedT(null, 'testRuns');

function summary(id: string, createdAt: string, subject: Pick<TestRunSummary, 'setId' | 'setName' | 'messageId' | 'messageName'>): TestRunSummary {
  return {
    id,
    status: 'finished',
    environmentId: 'prod',
    environmentName: 'Production',
    ...subject,
    versionId: null,
    versionName: null,
    total: 1,
    done: 1,
    counts: { success: 1, error: 0, timeout: 0 },
    microF1: 1,
    error: null,
    createdAt,
    startedAt: createdAt,
    finishedAt: createdAt,
    author: null,
  };
}
const onSet = { setId: 'set', setName: 'Banque', messageId: null, messageName: null };
const onMessage = (messageId: string) => ({ setId: null, setName: null, messageId, messageName: `${messageId}.eml` });

describe('run subject', () => {
  it("names a set by its name and a run of one by its message's, in French and English", async () => {
    expect(runSubjectText(onSet, t())).toBe('Banque');
    expect(runSubjectText(onMessage('devis'), t())).toBe('Message : devis.eml');
    await i18next.changeLanguage('en');
    expect(runSubjectText(onMessage('devis'), t())).toBe('Message: devis.eml');
  });

  it('compares a run of one with the previous run of the same message only, never with a set run', () => {
    const runs = [summary('set-1', '2026-01-01T00:00:00Z', onSet), summary('a-1', '2026-01-02T00:00:00Z', onMessage('a')), summary('b-1', '2026-01-03T00:00:00Z', onMessage('b'))];
    expect(previousRun(summary('a-2', '2026-01-04T00:00:00Z', onMessage('a')), runs)?.id).toBe('a-1');
    expect(previousRun(summary('c-1', '2026-01-04T00:00:00Z', onMessage('c')), runs)).toBeUndefined();
    expect(previousRun(summary('set-2', '2026-01-04T00:00:00Z', onSet), runs)?.id).toBe('set-1');
  });
});
