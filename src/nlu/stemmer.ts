/**
 * Inflected forms through Snowball stemmers: `@orama/stemmers` (the Snowball algorithms as plain
 * ES modules, ~4× faster than `snowball-stemmers` on the same words with identical output, which
 * matters when 100,000 entries are indexed), and `snowball-stemmers` for Czech, which Orama lacks.
 * A language without a Snowball algorithm (Slovak, Polish, Chinese, Japanese, Korean) matches
 * exact forms only. Stemmers run on folded words (lower case, no accents).
 */
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import snowball from 'snowball-stemmers';
import type { NluLanguage } from './types';

export type Stem = (folded: string) => string;

const czech = snowball.newStemmer('czech');

const ALGORITHMS: Partial<Record<NluLanguage, Stem>> = {
  fr: french, gb: english, de: german, es: spanish, it: italian, pt: portuguese, nl: dutch,
  cz: (w) => czech.stem(w), hu: hungarian, ro: romanian, se: swedish, dk: danish, no: norwegian,
  ru: russian, tr: turkish, rs: serbian,
};

const stemmers = new Map<NluLanguage, Stem | null>();

/** The stemmer of a language (on folded words), or null when it has none. */
export function stemmerFor(language: NluLanguage): Stem | null {
  if (stemmers.has(language)) return stemmers.get(language)!;
  const algorithm = ALGORITHMS[language];
  let stem: Stem | null = null;
  if (algorithm) {
    // Kept across compilations: recompiling a dictionary after an edit costs no stemming.
    const cache = new Map<string, string>();
    stem = (word) => {
      let r = cache.get(word);
      if (r === undefined) {
        // A word a stemmer cannot handle is its own stem.
        try {
          r = word.length < 3 || /\d/.test(word) ? word : algorithm(word) || word;
        } catch {
          r = word;
        }
        if (cache.size > 500_000) cache.clear();
        cache.set(word, r);
      }
      return r;
    };
  }
  stemmers.set(language, stem);
  return stem;
}
