/** The editor's inline errors for one dictionary: syntax, regexes, aliases and unknown references. */
import { BUILTIN_NAMES } from './builtins';
import { parseDictionary } from './dictionary';
import type { NluConfigError, NluLanguage } from './types';

export function checkDictionary(text: string, language: NluLanguage, knownArchetypes: string[]): NluConfigError[] {
  const parsed = parseDictionary(text, language);
  const known = new Set(knownArchetypes);
  const errors = parsed.errors.map((e) => ({ ...e, language }));
  for (const entry of parsed.entries) {
    for (const expression of entry.expressions) {
      for (const element of expression.elements) {
        if (element.kind === 'ref' && !known.has(element.name) && !BUILTIN_NAMES.has(element.name)) {
          errors.push({
            code: 'unknownArchetype',
            language,
            line: expression.line,
            params: { line: expression.line, name: element.name },
            message: `line ${expression.line}: the sub-archetype ${element.name} does not exist`,
          });
        }
      }
    }
  }
  return errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
