/**
 * The bounds of one NLU import (NLU_IMPORT_LIMITS): read from the file before anything is written,
 * so a tenant cannot upload a configuration whose compile (at the next analysis or NLU test) costs
 * more than the largest one an archetype save allows. Over a bound: 422 `nluImportTooLarge`
 * `{ bound, limit, found, at }`, the whole import refused.
 */
import { NLU_IMPORT_LIMITS, type NluImportBound } from '../../src/contract/nlu-entities';
import type { OriginalNluExport } from '../../src/contract/nlu-transfer';
import { HttpError } from '../http-error';

function tooLarge(bound: NluImportBound, found: number, at: string): HttpError {
  const limit = NLU_IMPORT_LIMITS[bound];
  return new HttpError(422, {
    message: `The import holds ${found} for ${bound}, over the limit of ${limit}${at ? ` (${at})` : ''}`,
    code: 'nluImportTooLarge',
    params: { bound, limit, found, at },
  });
}

/** The characters of each language's dictionary of an archetype as the file gives them (dict and regex texts of one language end in one dictionary). */
function dictionaryLengths(raw: unknown): Map<string, number> {
  const lengths = new Map<string, number>();
  if (raw === null || typeof raw !== 'object') return lengths;
  for (const key of ['dict', 'regex'] as const) {
    const texts = (raw as Record<string, unknown>)[key];
    if (!Array.isArray(texts)) continue;
    for (const text of texts as unknown[]) {
      const { lang, dictionary } = (text ?? {}) as { lang?: unknown; dictionary?: unknown };
      if (typeof dictionary !== 'string') continue;
      const language = String(lang).trim().toLowerCase();
      lengths.set(language, (lengths.get(language) ?? 0) + dictionary.length);
    }
  }
  return lengths;
}

export function checkImportBounds(nlu: OriginalNluExport['nlu']): void {
  for (const bound of ['archetypes', 'contexts', 'servers'] as const) {
    if (nlu[bound].length > NLU_IMPORT_LIMITS[bound]) throw tooLarge(bound, nlu[bound].length, '');
  }
  let total = 0;
  for (const [index, archetype] of nlu.archetypes.entries()) {
    for (const [language, length] of dictionaryLengths(archetype)) {
      if (length > NLU_IMPORT_LIMITS.dictionaryChars) throw tooLarge('dictionaryChars', length, `archetypes[${index}].${language}`);
      total += length;
    }
  }
  if (total > NLU_IMPORT_LIMITS.totalDictionaryChars) throw tooLarge('totalDictionaryChars', total, '');
}
