/**
 * Names of the content languages the product uses (NLU languages, §3), in the interface language:
 * "anglais (Royaume-Uni)" rather than "gb". The product's codes are country-like for a few languages
 * (gb, cn, jp, kr, cz, se, dk, rs); they are mapped to BCP 47 tags, then named by Intl.DisplayNames.
 */
import type { Language } from '../storage/preferences';

const TAGS: Record<string, string> = {
  gb: 'en-GB', cn: 'zh', jp: 'ja', kr: 'ko', cz: 'cs', se: 'sv', dk: 'da', rs: 'sr',
};

const namers = new Map<Language, Intl.DisplayNames>();

function namer(language: Language): Intl.DisplayNames {
  let found = namers.get(language);
  if (!found) {
    found = new Intl.DisplayNames([language], { type: 'language', languageDisplay: 'standard', fallback: 'code' });
    namers.set(language, found);
  }
  return found;
}

/** The name of a product language code in the interface language; the code itself if unknown. */
export function languageName(code: string, language: Language): string {
  let name: string | undefined;
  try {
    name = namer(language).of(TAGS[code] ?? code);
  } catch {
    // A malformed code (RangeError) is shown as is.
    name = undefined;
  }
  return name && name !== code ? name : code;
}
