/**
 * A configuration schema problem in the reader's language, from the issue's code and facts
 * (src/configuration-document/schema-issue.ts), never zod's English `message`:
 * - zod's own checks (a type, an allowed value, a limit…) in zod's own words in that language (its
 *   `fr`/`en` locales), labelled as the schema validator's message;
 * - our schemas' custom issues by their code, with the texts the screens use for them (a reply
 *   template rule, the module order, the vision engine's lists) or `configurationIde:schemaIssues.*`;
 *   an unknown one keeps its text, labelled.
 * Issues written before (no `issue` parameter) show their stored text, labelled.
 */
import { en, fr } from 'zod/v4/locales';
import { errorTextKey } from '../contract/error-codes';

type Translate = (key: string, params?: Record<string, unknown>) => string;

const LOCALES = { fr: fr().localeError, en: en().localeError } as const;

/** A value of the type zod's texts name "received" (they read the type off the value). */
const SAMPLE_OF: Record<string, unknown> = { string: '', number: 0, nan: Number.NaN, boolean: false, bigint: 0n, array: [], object: {}, null: null, undefined: undefined, function: () => undefined, symbol: Symbol('x') };

/** Our custom issues whose message is a code or a fixed sentence of ours: their text key. */
const OWN_CODES: Record<string, string> = {
  visionDuplicateKey: 'vision:codes.visionDuplicateKey',
  visionNeedsCategories: 'vision:codes.visionNeedsCategories',
  visionNeedsFields: 'vision:codes.visionNeedsFields',
  visionNeedsPrompt: 'vision:codes.visionNeedsPrompt',
  extractorNotFirst: 'environments:modules.problems.extractorNotFirst',
  nluNotSecond: 'environments:modules.problems.nluNotSecond',
  outputNotLast: 'environments:modules.problems.outputNotLast',
  duplicate: 'environments:modules.problems.duplicate',
  'Reserved name': 'configurationIde:schemaIssues.reservedName',
  'Unknown extension': 'configurationIde:schemaIssues.unknownExtension',
  'Not a day of the calendar': 'configurationIde:schemaIssues.notACalendarDay',
  required: 'configurationIde:schemaIssues.required',
};

function zodText(language: 'fr' | 'en', params: Record<string, unknown>): string {
  const issue: Record<string, unknown> = { ...params, code: params.issue };
  if (params.issue === 'invalid_type') issue.input = SAMPLE_OF[String(params.received)];
  if (typeof params.inclusive === 'number') issue.inclusive = params.inclusive === 1;
  for (const name of ['values', 'keys']) if (!Array.isArray(issue[name])) issue[name] = [];
  const text = LOCALES[language](issue as never);
  return typeof text === 'string' ? text : (text?.message ?? '');
}

/** The problem's explanation (what follows "Configuration invalide, ligne 3 : "). */
export function schemaIssueText(translate: Translate, params: Record<string, unknown>): string {
  const place = typeof params.place === 'string' ? params.place : '';
  const labelled = (message: string) => translate(place === '' ? 'configurationIde:schemaIssues.validator' : 'configurationIde:schemaIssues.validatorAt', { place, message });
  // Written before issues carried their code: the stored text (zod's, with its place), labelled.
  if (typeof params.issue !== 'string') return translate('configurationIde:schemaIssues.validator', { message: String(params.message ?? '') });
  if (params.issue === 'custom') {
    const code = String(params.customCode ?? '');
    const key = OWN_CODES[code] ?? errorTextKey(code);
    const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
    if (key !== undefined) {
      const text = translate(key, values);
      return place === '' ? text : translate('configurationIde:schemaIssues.ownAt', { place, text });
    }
    return labelled(String(params.message ?? code));
  }
  const language = translate('configurationIde:schemaIssues.locale') === 'en' ? 'en' : 'fr';
  return labelled(zodText(language, params));
}
