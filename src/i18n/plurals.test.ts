// @vitest-environment jsdom
/**
 * Counts agree with their noun in both languages: "1 page contient ce texte", not
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
/**
 * Plural texts whose agreeing words follow a number shown under another name than `count` (a
 * formatted number, or the total of a "page … sur …"): reviewed, the caller passes that number as
 * `count`, by namespace and key.
 */
const COUNT_SHOWN_AS: Record<string, Record<string, string>> = {
  analyses: { 'list.page': 'total' },
  consumption: { 'widget.analysesOnDate': 'n', 'quota.left': 'left', 'quota.none': 'used', 'quota.used': 'used', 'co2.figure': 'hours' },
  dashboard: { 'alerts.describeVolume': 'threshold' },
  sre: {
    'counter.quotaUsed': 'used',
    'counter.noQuota': 'used',
    'analyses.page': 'total',
    'reprocess.willRequeue': 'formatted',
    'reprocess.skipped': 'formatted',
    'reprocess.confirm': 'formatted',
    'reprocess.requeued': 'formatted',
    'reprocess.progress': 'finished',
  },
};
/** Plural texts whose participle comes after "sur {{total}}" but agrees with `count` ("1 analyse sur 3 utilisée"). */
const AGREES_ACROSS_TOTAL: Record<string, readonly string[]> = { selfService: ['home.quotaUsed'] };
/**
 * Reviewed texts with a number before a plural noun and no plural forms: limits and settings that are
 * never 1 ("au plus {{max}} caractères"), estimates ("plus de {{total}} analyses"), "http(s)".
 */
const NEVER_ONE: Record<string, readonly string[]> = {
  analyses: ['list.pageEstimate', 'upload.metadataProblems.metadataKeyTooLong', 'upload.metadataProblems.metadataTooLarge', 'errors.invalidCategoryFilter'],
  configurationGraph: ['layout.timedOut'],
  configurationIde: ['errors.configurationTooLarge'],
  errors: ['input.bodyTooLarge'],
  extraction: ['docs.limits'],
  nlu: ['servers.idleStop', 'test.timedOut'],
  organisations: ['sso.invalid.issuer'],
  replies: ['documentation.includesHelp', 'documentation.limits'],
  selfService: ['settings.tooManyLanguages'],
  sre: ['analyses.pageEstimate', 'errors.reprocessTooMany', 'errors.invalidCounterPeriod'],
  toolbox: ['errors.toolboxKitSynced'],
};
/** Parameters that are never numbers, and words after a parameter that are not nouns or are invariable units. */
const NOT_NUMBERS = new Set(['name', 'ext', 'format', 'target', 'print', 'include', 'actor', 'retention', 'who', 'as']);
const NOT_NOUNS = new Set(['dans', 'sans', 'sous', 'plus', 'après', 'depuis', 'vers', 'puis', 'très', 'is', 'was', 'has', 'its', 'this', 'as', 'ms', 's', 'min', 'kg', 'kwh']);
const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

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
    // French puts 0 in the singular: "0 analyse utilisée", "0 heure".
    const sayWith = (key: string, count: number, values: Record<string, unknown>) => i18next.t(key as never, { count, ...values } as never) as unknown as string;
    expect(sayWith('consumption:quota.none', 0, { used: '0' })).toBe('Pas de quota annuel : 0 analyse utilisée');
    expect(sayWith('consumption:quota.used', 0, { used: '0', quota: '10', percent: '0 %' })).toBe('0 analyse utilisée sur 10 (0 %)');
    expect(sayWith('consumption:quota.left', 1, { left: '1', quota: '10' })).toBe('1 restante sur 10');
    expect(sayWith('consumption:co2.figure', 0, { kg: '0', kWh: '0', hours: '0' })).toBe('0 kg de CO2 (0 kWh) pour 0 heure de calcul');
    expect(sayWith('consumption:co2.figure', 3, { kg: '0', kWh: '0', hours: '3' })).toBe('0 kg de CO2 (0 kWh) pour 3 heures de calcul');
    expect(sayWith('consumption:widget.analysesOnDate', 0, { n: '0', date: '01/03/26' })).toBe('0 analyse le 01/03/26');
    expect(sayWith('selfService:home.quotaUsed', 0, { total: 10, left: 10 })).toBe('0 analyse sur 10 utilisée ce mois-ci, il en reste 10.');
    expect(sayWith('sre:counter.noQuota', 0, { used: '0' })).toBe('Sans quota (0 utilisée)');
    expect(sayWith('sre:counter.quotaUsed', 1, { used: '1', quota: '5', start: 'a', end: 'b' })).toBe('1 utilisée sur 5 (a – b)');
    expect(sayWith('sre:analyses.page', 0, { page: 1, pages: 1, total: '0' })).toBe('Page 1 sur 1 (0 analyse)');
    expect(sayWith('sre:reprocess.progress', 0, { finished: '0', total: '3', waiting: '3', pending: '0', processed: '0', error: '0' })).toMatch(/^0 terminée sur 3/);
    expect(sayWith('analyses:list.page', 1, { page: 1, pages: 1, total: '1' })).toBe('Page 1 sur 1 · 1 analyse');
    expect(sayWith('dashboard:alerts.describeVolume', 1, { direction: 'Plus de', threshold: 1, interval: 'heure' })).toBe('Plus de 1 analyse par heure');
    expect(sayWith('dashboard:alerts.describeVolume', 5, { direction: 'Plus de', threshold: 5, interval: 'heure' })).toBe('Plus de 5 analyses par heure');
    // Two counts in one sentence: each after a colon, so neither needs agreeing (no "mail(s)").
    expect(i18next.t('selfWebmail:counts' as never, { analysed: 0, labelled: 0 } as never)).toBe('Mails analysés : 0 ; étiquetés dans votre boîte : 0.');
    expect(sayWith('dashboard:range.units.day', 1, {})).toBe('jour');
    expect(sayWith('dashboard:range.units.day', 7, {})).toBe('jours');
    await changeLanguage('en');
    expect(sayWith('consumption:quota.none', 0, { used: '0' })).toBe('No yearly quota: 0 analyses used');
    expect(sayWith('consumption:quota.none', 1, { used: '1' })).toBe('No yearly quota: 1 analysis used');
    expect(sayWith('dashboard:alerts.describeVolume', 1, { direction: 'More than', threshold: 1, interval: 'hour' })).toBe('More than 1 analysis per hour');
    expect(sayWith('dashboard:range.units.week', 2, {})).toBe('weeks');
    expect(say('filesViewer:pdf.matches', 1)).toBe('1 page contains this text');
    expect(say('analyses:extracted.documents', 1)).toBe('1 extracted document');
    expect(say('testRuns:launch.messages', 1)).toBe('1 message');
    expect(say('testRuns:launch.messages', 2)).toBe('2 messages');
    await changeLanguage('fr');
  });

  it('pluralise the counts shown beside a total or as a page count', async () => {
    const sayWith = (key: string, count: number, values: Record<string, unknown>) => i18next.t(key as never, { count, ...values } as never) as unknown as string;
    await changeLanguage('fr');
    expect(sayWith('testingCenter:bank.pageOf', 1, { page: 1, pages: 1 })).toBe('Page 1 sur 1 — 1 message');
    expect(sayWith('testingCenter:bank.pageOf', 0, { page: 1, pages: 1 })).toBe('Page 1 sur 1 — 0 message');
    expect(sayWith('testingCenter:bank.pageOf', 40, { page: 1, pages: 2 })).toBe('Page 1 sur 2 — 40 messages');
    expect(sayWith('organisations:audit.page', 1, { page: 1, pages: 1 })).toBe('Page 1 / 1 (1 entrée)');
    expect(sayWith('testRuns:result.progress', 1, { done: 0 })).toBe('0 / 1 message');
    expect(sayWith('configurationGraph:nodeCount', 1, {})).toBe('1 nœud');
    expect(sayWith('configurationGraph:edgeCount', 0, {})).toBe('0 lien');
    expect(sayWith('configurationIde:problems.errorCount', 1, {})).toBe('1 erreur');
    expect(sayWith('configurationIde:problems.warningCount', 2, {})).toBe('2 avertissements');
    expect(sayWith('extraction:tests.summary', 1, { total: 2 })).toBe('1 test réussi sur 2');
    expect(sayWith('extraction:tests.summary', 2, { total: 2 })).toBe('2 tests réussis sur 2');
    expect(i18next.t('testRuns:result.counts' as never, { success: 1, error: 1, timeout: 0 } as never)).toBe('Succès : 1 ; erreurs : 1 ; délais dépassés : 0');
    await changeLanguage('en');
    expect(sayWith('testingCenter:bank.pageOf', 1, { page: 1, pages: 1 })).toBe('Page 1 of 1 — 1 message');
    expect(sayWith('testingCenter:bank.pageOf', 0, { page: 1, pages: 1 })).toBe('Page 1 of 1 — 0 messages');
    expect(sayWith('organisations:audit.page', 1, { page: 1, pages: 1 })).toBe('Page 1 / 1 (1 entry)');
    expect(sayWith('configurationGraph:nodeCount', 1, {})).toBe('1 node');
    await changeLanguage('fr');
  });

  it('agree with `count`, or with a number reviewed as standing for it, in every plural text', () => {
    // A word that changes between the singular and the plural form agrees with the number before it.
    const wrong = (['fr', 'en'] as const).flatMap((language) =>
      namespaces
        .filter((ns) => !ALL_REVIEWED.has(ns))
        .flatMap((ns) => {
          const texts = new Map(flatten(resources[language][ns]));
          return [...texts.keys()]
            .filter((key) => key.endsWith('_one'))
            .flatMap((key) => {
              const base = key.replace(PLURAL_SUFFIX, '$1');
              const one = texts.get(key)!.split(/\s+/);
              const other = (texts.get(`${base}_other`) ?? '').split(/\s+/);
              if (one.length !== other.length) return [];
              return one.flatMap((word, index) => {
                if (word === other[index]) return [];
                const before = one.slice(0, index).reverse().find((earlier) => earlier.includes('{{'));
                const param = before?.match(/\{\{\s*(\w+)/)?.[1];
                if (param === undefined || param === 'count' || COUNT_SHOWN_AS[ns]?.[base] === param) return [];
                if (param === 'total' && (AGREES_ACROSS_TOTAL[ns] ?? []).includes(base)) return [];
                return [`${language}:${ns}:${base} (« ${word} » after {{${param}}})`];
              });
            });
        }),
    );
    expect(wrong).toEqual([]);
  });

  it('exist for every text with a number before a plural noun, or "(s)", but the reviewed ones', () => {
    // "{{total}} messages" says "1 messages"; "erreur(s)" never agrees: both need plural forms on `count`.
    const unagreed = (['fr', 'en'] as const).flatMap((language) =>
      namespaces
        .filter((ns) => !ALL_REVIEWED.has(ns))
        .flatMap((ns) =>
          flatten(resources[language][ns])
            .filter(([key]) => !PLURAL_SUFFIX.test(key) && !(NEVER_ONE[ns] ?? []).includes(key) && !(WITHOUT_PLURAL[ns] ?? []).includes(key))
            .filter(([, text]) => {
              if (/\((s|es)\)/.test(text)) return true;
              return [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}\s+([\p{L}'’]+)/gu)].some(([, param, word]) => {
                const noun = word!.toLowerCase();
                return param !== 'count' && !NOT_NUMBERS.has(param!) && !NOT_NOUNS.has(noun) && /[sx]$/.test(noun);
              });
            })
            .map(([key]) => `${language}:${ns}:${key}`),
        ),
    );
    expect(unagreed).toEqual([]);
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
