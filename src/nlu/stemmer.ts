/**
 * Inflected forms through the Snowball stemmers (`snowball-stemmers`, the Snowball project's
 * algorithms ported to JavaScript, no dependencies). A language without a Snowball algorithm
 * (Slovak, Polish, Serbian, Chinese, Japanese, Korean) matches exact forms only.
 */
import snowball from 'snowball-stemmers';
import type { NluLanguage } from './types';

const ALGORITHMS: Partial<Record<NluLanguage, string>> = {
  fr: 'french', gb: 'english', de: 'german', es: 'spanish', it: 'italian', pt: 'portuguese',
  nl: 'dutch', cz: 'czech', hu: 'hungarian', ro: 'romanian', se: 'swedish', dk: 'danish',
  no: 'norwegian', ru: 'russian', tr: 'turkish',
};

export type Stem = (folded: string) => string;

const stemmers = new Map<NluLanguage, Stem | null>();

/** The stemmer of a language (on folded words), or null when it has none. */
export function stemmerFor(language: NluLanguage): Stem | null {
  if (stemmers.has(language)) return stemmers.get(language)!;
  const algorithm = ALGORITHMS[language];
  let stem: Stem | null = null;
  if (algorithm && snowball.algorithms().includes(algorithm)) {
    const s = snowball.newStemmer(algorithm);
    const cache = new Map<string, string>();
    stem = (word) => {
      let r = cache.get(word);
      if (r === undefined) {
        // Snowball stemmers can choke on odd input; a word they cannot stem is its own stem.
        try {
          r = word.length < 3 || /\d/.test(word) ? word : s.stem(word);
        } catch {
          r = word;
        }
        if (cache.size > 100_000) cache.clear();
        cache.set(word, r);
      }
      return r;
    };
  }
  stemmers.set(language, stem);
  return stem;
}
