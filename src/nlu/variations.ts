/**
 * The variation helper (archetype editor): what the engine accepts for a word. Every form of a
 * language that shares the stem is accepted, which is open-ended, so the helper shows the folded
 * form, its stem, and which typo tolerance applies, with a few example typos.
 */
import { fold } from './normalise';
import { stemmerFor } from './stemmer';
import { allowedTypos } from './typo-index';
import type { NluLanguage } from './types';

function exampleTypos(word: string): string[] {
  const out: string[] = [];
  const middle = Math.floor(word.length / 2);
  out.push(word.slice(0, middle) + word.slice(middle + 1)); // a letter left out
  out.push(word.slice(0, middle - 1) + word[middle] + word[middle - 1] + word.slice(middle + 1)); // two swapped
  out.push(word.slice(0, middle) + word[middle] + word.slice(middle)); // a letter doubled
  return [...new Set(out)].filter((t) => t !== word);
}

/** What the engine accepts for a word: plain data, so the console words it in the user's language. */
export interface VariationReport {
  /** The word as matched: lower case, accents folded. */
  form: string;
  /** `stem`: every word sharing `stem` matches; `off`: #VARIATION_OFF; `none`: no stemmer (or digits). */
  inflection: 'stem' | 'off' | 'none';
  stem: string | null;
  /** Typos tolerated (0, 1 from 5 letters, 2 from 9), and a few examples of accepted typos. */
  typos: number;
  typoExamples: string[];
}

export function variationsOf(
  word: string,
  language: NluLanguage,
  directives: { variation: boolean; spellcheck: boolean } = { variation: true, spellcheck: true },
): VariationReport | null {
  const form = fold(String(word ?? '').trim());
  if (form === '') return null;
  const stem = stemmerFor(language);
  const hasDigits = /\d/.test(form);
  const inflection = !directives.variation ? 'off' : stem && !hasDigits ? 'stem' : 'none';
  const typos = directives.spellcheck && !hasDigits ? allowedTypos(form.length) : 0;
  return {
    form,
    inflection,
    stem: inflection === 'stem' && stem ? stem(form) : null,
    typos,
    typoExamples: typos > 0 ? exampleTypos(form) : [],
  };
}
