/**
 * What is wrong with a form field, in the reader's words: a zod issue of the contract's
 * schema said from its code and facts (`too_small` of a text of at least 1 → "Champ obligatoire",
 * an `email` format → "Adresse e-mail invalide"), never zod's English default `message`. Our
 * schemas' own checks give a fixed sentence as their message (src/contract/validation-messages.ts):
 * those read from their own texts. Anything else reads "Valeur invalide". Texts: `common:validation.*`.
 * AutoForm's `fieldErrors` uses it for every form that does not give its own words.
 */
import i18next from 'i18next';
import { VALIDATION_MESSAGES } from '../contract/validation-messages';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The fields of a zod issue this reads (zod's issue types are a union; facts are read by name). */
export interface ZodIssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
}

/** Our schemas' own messages (fixed sentences kept for programs) → their text. */
const OWN_MESSAGES: Record<string, string> = Object.fromEntries(
  Object.entries(VALIDATION_MESSAGES).map(([name, message]) => [message, `common:validation.${name === 'calendarDayFormat' ? 'calendarDay' : name}`]),
);

const FORMATS: Record<string, string> = { email: 'common:validation.email', url: 'common:validation.url' };
const SIZED = new Set(['string', 'array', 'set']);

const translateNow: Translate = (key, params) => i18next.t(key as never, params as never) as unknown as string;

export function zodIssueText(found: ZodIssueLike, translate: Translate = translateNow): string {
  const own = OWN_MESSAGES[found.message];
  if (own !== undefined) return translate(own);
  const issue = found as ZodIssueLike & Record<string, unknown>;
  const origin = String(issue.origin ?? '');
  const unit = origin === 'string' ? 'Characters' : 'Items';
  switch (issue.code) {
    case 'too_small': {
      const minimum = Number(issue.minimum) + (issue.inclusive === false ? 1 : 0);
      if (SIZED.has(origin)) return minimum <= 1 ? translate(origin === 'string' ? 'common:validation.required' : 'common:validation.chooseOne') : translate(`common:validation.min${unit}`, { count: minimum });
      return translate(issue.inclusive === false ? 'common:validation.above' : 'common:validation.atLeast', { value: Number(issue.minimum) });
    }
    case 'too_big': {
      if (SIZED.has(origin)) return translate(`common:validation.max${unit}`, { count: Number(issue.maximum) - (issue.inclusive === false ? 1 : 0) });
      return translate(issue.inclusive === false ? 'common:validation.below' : 'common:validation.atMost', { value: Number(issue.maximum) });
    }
    case 'invalid_format':
      return translate(FORMATS[String(issue.format)] ?? 'common:validation.format');
    case 'invalid_type':
      return translate(issue.expected === 'int' ? 'common:validation.wholeNumber' : issue.expected === 'number' ? 'common:validation.number' : 'common:validation.invalid');
    case 'invalid_value':
      return translate('common:validation.choice');
    case 'not_multiple_of':
      return translate(issue.divisor === 1 ? 'common:validation.wholeNumber' : 'common:validation.multipleOf', { value: Number(issue.divisor) });
    default:
      return translate('common:validation.invalid');
  }
}
