/**
 * The builtin archetypes a field (or the `find` filter) looks for: the NLU engine's own
 * (src/nlu/builtins.ts), so a date or an amount is read the same way in an NLU parameter and in an
 * extracted field.
 */
import { EXTRACTION_BUILTINS, EXTRACTION_LIMITS, type ExtractionBuiltin } from '../contract/modules/extraction';
import { BUILTINS, type BuiltinMatch } from '../nlu/builtins';
import type { NluLanguage } from '../nlu/types';

const byName = new Map(BUILTINS.map((builtin) => [builtin.name.slice(1), builtin]));

export function isExtractionBuiltin(name: string): name is ExtractionBuiltin {
  return (EXTRACTION_BUILTINS as readonly string[]).includes(name);
}

/** The matches of `builtin` in `text` (normalised value, start, end), in text order (at most `max`). */
export function findBuiltinAt(builtin: ExtractionBuiltin, text: string, language: NluLanguage, now: Date, max: number = EXTRACTION_LIMITS.valuesPerField): BuiltinMatch[] {
  const found = byName.get(builtin);
  if (found === undefined) return [];
  return found.find(text.slice(0, EXTRACTION_LIMITS.textChars), language, now).slice(0, max);
}

/** The normalised values of `builtin` in `text`, in text order (at most `max`). */
export function findBuiltin(builtin: ExtractionBuiltin, text: string, language: NluLanguage, now: Date, max: number = EXTRACTION_LIMITS.valuesPerField): string[] {
  return findBuiltinAt(builtin, text, language, now, max).map((match) => match.value);
}

/** Names, descriptions and examples for the Documentation tab. */
export const EXTRACTION_BUILTIN_DOCS = EXTRACTION_BUILTINS.map((name) => {
  const builtin = byName.get(name)!;
  return { name, description: builtin.description, example: builtin.example };
});
