/**
 * What a dictionary gives, entry by entry: the value a match returns and the forms that match it.
 * One line is one entry: its first item is the value (or, under #ID_ON, the identifier), and every
 * item of the line — separated by `;` — is a form giving that same value. Three lines are three
 * values. The NLU screens show this beside the text so the rule is seen, not only read in a hint.
 */
import { parseDictionary } from './dictionary';
import type { NluLanguage } from './types';

export interface DictionaryValue {
  line: number;
  value: string;
  /** The first form is a reference or a regex: a match gives the text it found, not `value`. */
  valueFromMatch: boolean;
  /** Every form matched for it, the first included, as written. */
  forms: string[];
}

export function dictionaryValues(text: string, language: NluLanguage): DictionaryValue[] {
  return parseDictionary(text, language).entries.map((entry) => ({ line: entry.line, value: entry.value, valueFromMatch: entry.valueFromMatch, forms: entry.expressions.map((expression) => expression.text) }));
}
