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

/**
 * Lines describing the accepted forms, in a stable order:
 *   "form: <folded>", "stem: <stem> (every word with this stem)" or "stem: none (exact forms only)",
 *   "typos: <n>" and "typo: <example>" lines, or "typos: 0".
 */
export function variationsOf(
  word: string,
  language: NluLanguage,
  directives: { variation: boolean; spellcheck: boolean } = { variation: true, spellcheck: true },
): string[] {
  const folded = fold(String(word ?? '').trim());
  if (folded === '') return [];
  const lines = [`form: ${folded}`];
  const stem = stemmerFor(language);
  if (!directives.variation) lines.push('stem: off (#VARIATION_OFF)');
  else if (stem && !/\d/.test(folded)) lines.push(`stem: ${stem(folded)}`);
  else lines.push('stem: none (exact forms only)');
  const typos = directives.spellcheck && !/\d/.test(folded) ? allowedTypos(folded.length) : 0;
  lines.push(`typos: ${typos}`);
  if (typos > 0) for (const t of exampleTypos(folded)) lines.push(`typo: ${t}`);
  return lines;
}
