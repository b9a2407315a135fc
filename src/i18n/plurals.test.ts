// @vitest-environment jsdom
/**
 * Counts agree with their noun in both languages (issue 19): "1 page contient ce texte", not
 * "1 pages contiennent ce texte". A text with {{count}} has `_one` / `_other` forms, unless it is one
 * of the reviewed ones below (a count that is never 1, a count inside brackets, or the analysis
 * messages' "(s)" forms).
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { namespaces, resources } from './resources';
import { changeLanguage, initI18n } from './setup';

/** Reviewed texts with {{count}} and no plural forms, by namespace. */
const WITHOUT_PLURAL: Record<string, readonly string[]> = {
  // A minimum or a maximum (never 1), or a count in brackets / after a colon.
  account: ['rules.tooShort'],
  analyses: ['upload.metadataProblems.metadataTooManyKeys', 'upload.limits', 'upload.problems.tooManyFiles'],
  categorization: ['rules.moved'],
  configurationGraph: ['layout.running', 'problems.title'],
  errorLogs: ['truncated'],
  filesViewer: ['email.tabs.attachments', 'pdf.searching'],
  testingCenter: ['errors.tooManyTags', 'sampling.perCategory', 'qualification.setOption'],
  // A server error's text, looked up by its code without a count (src/contract/error-codes.ts).
  toolbox: ['errors.toolboxKitSynced'],
};
/** The analysis messages keep "(s)": their keys are listed one by one in PIPELINE_MESSAGE_KEYS. */
const ALL_REVIEWED = new Set(['pipelineMessages']);

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

beforeAll(() => initI18n('fr'));

describe('plurals', () => {
  it('agree with one and with several, in French and in English', async () => {
    const say = (key: string, count: number) => i18next.t(key as never, { count } as never) as unknown as string;
    await changeLanguage('fr');
    expect(say('filesViewer:pdf.matches', 1)).toBe('1 page contient ce texte');
    expect(say('filesViewer:pdf.matches', 3)).toBe('3 pages contiennent ce texte');
    expect(say('filesViewer:pdf.pages', 1)).toBe('1 page');
    expect(say('analyses:extracted.documents', 1)).toBe('1 document extrait');
    expect(say('analyses:extracted.documents', 2)).toBe('2 documents extraits');
    expect(say('analyses:extracted.pages', 1)).toBe('1 page');
    expect(say('toolbox:save.done', 1)).toBe('1 composant enregistré dans le kit');
    await changeLanguage('en');
    expect(say('filesViewer:pdf.matches', 1)).toBe('1 page contains this text');
    expect(say('analyses:extracted.documents', 1)).toBe('1 extracted document');
    expect(say('testRuns:launch.messages', 1)).toBe('1 message');
    expect(say('testRuns:launch.messages', 2)).toBe('2 messages');
    await changeLanguage('fr');
  });

  it('exist for every text with a count, but the reviewed ones', () => {
    const missing = (['fr', 'en'] as const).flatMap((language) =>
      namespaces
        .filter((ns) => !ALL_REVIEWED.has(ns))
        .flatMap((ns) =>
          flatten(resources[language][ns])
            .filter(([key, text]) => text.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key) && !(WITHOUT_PLURAL[ns] ?? []).includes(key))
            .map(([key]) => `${language}:${ns}:${key}`),
        ),
    );
    expect(missing).toEqual([]);
  });
});
