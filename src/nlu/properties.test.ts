/**
 * Property tests: whatever the text (any Unicode, lone surrogates, huge words, punctuation runs),
 * analyseText never throws, and every label and value span lies inside the text and reads what
 * the text holds there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseText, compileNlu } from './index';

const { engine } = compileNlu(
  {
    archetypes: [
      { name: 'word', dictionaries: { fr: 'assurance;contrat habitation;résilier\nl\'été;aujourd\'hui', gb: 'claim;insurance' } },
      { name: 'ref', dictionaries: { fr: '<<[A-Z]{2}\\d{3,6}>>\nn° [[@number]]', gb: '<<\\d+-\\d+>>' } },
      { name: 'combo', dictionaries: { fr: '[[word]] [[ref]]' } },
    ],
    contexts: [
      {
        name: 'c',
        languages: [],
        neutralizers: ['combo'],
        interactions: [
          {
            id: 'i', enabled: true, ordered: true, distance: 3, functions: ['f'],
            parameters: [
              { name: 'w', position: 1, archetype: 'word', optional: false, multiple: true, resetConversation: false },
              { name: 'd', position: 2, archetype: '@date', optional: true, multiple: false, resetConversation: false },
              { name: 'm', position: 3, archetype: '@amount', optional: true, multiple: true, resetConversation: false },
              { name: 'e', position: 4, archetype: '@email', optional: true, multiple: false, resetConversation: false },
            ],
          },
        ],
      },
    ],
    functions: [{ name: 'f', enabled: true, kind: 'interactionAround', stringValue: 'merci', parameterName: 'w', interactionToFind: null, parameterToFind: null, parameterBaseline: null }],
  },
  { aiVersion: '4.12' },
);

const pieces = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('assurance', 'Assurence', "l'", 'l’', 'n° 12', '12/03/2026', 'demain', '1 200,50 €', 'a@b.fr', 'FR76 3000', 'merci', 'AB1234', ' ', '\n', '—', '.', ',', 'é', '\u0301', '\ud800', '😀'),
);
const texts = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

describe('analyseText on arbitrary text', () => {
  it('never throws and every span lies inside the text', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom('fr', 'gb', 'auto', 'jp'), fc.boolean(), (text, language, multiple) => {
        const result = analyseText(engine!, text, { language: language as 'fr', multipleInteractions: multiple, labeling: true, now: new Date(2026, 0, 1) });
        const spans = [...result.labels, ...result.interactions.flatMap((i) => Object.values(i.parameters).flat())];
        for (const s of spans) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.end).toBeLessThanOrEqual(text.length);
          expect(s.text).toBe(text.slice(s.start, s.end));
        }
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  it('does not throw on non-string input', () => {
    expect(analyseText(engine!, undefined as unknown as string, { language: 'fr', multipleInteractions: false, labeling: true }).labels).toEqual([]);
  });
});
