/**
 * PLACEHOLDERS for the NLU screens branch only — DELETE at merge with the real engine (branch
 * nlu-engine), which exports these three from src/nlu/index.ts with the signatures of types.ts.
 * They are deliberately trivial: no syntax checking beyond references, no real inflections.
 * The console imports them through src/features/configuration/nlu/engine.ts only.
 */
import type { NluConfigError, NluLanguage } from './types';

export function checkDictionary(text: string, language: NluLanguage, knownArchetypes: string[]): NluConfigError[] {
  const known = new Set(knownArchetypes);
  const errors: NluConfigError[] = [];
  text.split('\n').forEach((line, index) => {
    for (const [, name] of line.matchAll(/\[\[([^\]]+)\]\]/g)) {
      if (!known.has(name!)) {
        errors.push({ code: 'unknownArchetype', language, line: index + 1, params: { name: name! }, message: `Sub-archetype "${name}" does not exist` });
      }
    }
  });
  return errors;
}

export function variationsOf(word: string, _language: NluLanguage, directives = { variation: true, spellcheck: true }): string[] {
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return directives.variation ? [...new Set([word, folded])] : [word];
}

export const BUILTIN_ARCHETYPES: readonly { name: string; description: { fr: string; en: string }; example: string }[] = [
  { name: 'date', description: { fr: 'Date absolue ou relative, en ISO', en: 'Absolute or relative date, as ISO' }, example: '12/03/2024' },
  { name: 'number', description: { fr: 'Nombre', en: 'Number' }, example: '42' },
  { name: 'amount', description: { fr: 'Montant avec devise', en: 'Amount with currency' }, example: '12,50 €' },
  { name: 'email', description: { fr: 'Adresse e-mail', en: 'Email address' }, example: 'a@b.fr' },
];
