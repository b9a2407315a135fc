/**
 * Language detection for `auto`: tinyld (normal build, ~590 kB, no dependencies, offline, the same
 * module in Node and the browser). Its light build lacks Czech, Slovak, Danish and Serbian, and
 * franc-min leaves out Danish, Norwegian and Slovak; the normal build covers all 21 languages of §3.
 */
import { detect } from 'tinyld';
import { NLU_LANGUAGES } from '../contract/environments';
import type { NluLanguage } from './types';

/** Our codes → ISO 639-1 as tinyld names them. */
const TO_ISO: Record<NluLanguage, string> = {
  fr: 'fr', gb: 'en', cn: 'zh', ru: 'ru', de: 'de', es: 'es', it: 'it', pt: 'pt', nl: 'nl', cz: 'cs',
  hu: 'hu', ro: 'ro', sk: 'sk', se: 'sv', dk: 'da', no: 'no', pl: 'pl', rs: 'sr', tr: 'tr', jp: 'ja', kr: 'ko',
};
const FROM_ISO = new Map(Object.entries(TO_ISO).map(([ours, iso]) => [iso, ours as NluLanguage]));

/** The language of `text` among `candidates`; the first candidate when nothing is recognised. */
export function detectLanguage(text: string, candidates: readonly NluLanguage[] = NLU_LANGUAGES): NluLanguage {
  const fallback = candidates[0] ?? 'fr';
  if (candidates.length <= 1) return fallback;
  try {
    // The first few thousand characters say enough, and keep detection cheap on long blocks.
    const iso = detect(text.slice(0, 3000), { only: candidates.map((c) => TO_ISO[c]) });
    return FROM_ISO.get(iso) ?? fallback;
  } catch {
    return fallback;
  }
}
