import { describe, expect, it } from 'vitest';
import { build, labelsOf } from './test-support/engine';
import { analyseText } from './analyse';

describe('matching rules', () => {
  it('matches case- and accent-insensitively, spans in the original text', () => {
    const text = 'Je veux RESILIER mon contrat';
    const { engine } = build({ action: 'résilier' });
    const [label] = analyseText(engine!, text, { language: 'fr', multipleInteractions: true, labeling: true }).labels;
    expect(label).toEqual({ start: 8, end: 16, archetype: 'action', text: 'RESILIER' });
    expect(text.slice(label!.start, label!.end)).toBe('RESILIER');
  });

  it('accepts inflected forms through the stemmer of the language', () => {
    expect(labelsOf({ a: 'déclarer un sinistre' }, 'nous déclarons deux sinistres')).toEqual([]);
    expect(labelsOf({ a: 'déclaration' }, 'les déclarations')).toEqual(['a:déclarations']);
    expect(labelsOf({ a: 'insurance claim' }, 'two insurance claims', 'gb')).toEqual(['a:insurance claims']);
    expect(labelsOf({ a: 'Versicherung' }, 'die Versicherungen', 'de')).toEqual(['a:Versicherungen']);
  });

  it('matches elided words: "l\'assurance" finds "assurance"', () => {
    expect(labelsOf({ a: 'assurance' }, "j'ai résilié l'assurance")).toEqual(['a:assurance']);
    expect(labelsOf({ a: "l'assurance auto" }, "j'ai résilié l’assurance auto")).toEqual(['a:l’assurance auto']);
  });

  it('forgives one typo from 5 letters and two from 9, none below 5 and never in numbers', () => {
    expect(labelsOf({ a: 'sinistre' }, 'un sinitsre')).toEqual(['a:sinitsre']); // transposition
    expect(labelsOf({ a: 'sinistre' }, 'un sinstre')).toEqual(['a:sinstre']); // deletion
    expect(labelsOf({ a: 'sinistre' }, 'un sinixtrre')).toEqual([]); // two typos in 8 letters
    expect(labelsOf({ a: 'habitation' }, 'son habitatoin')).toEqual(['a:habitatoin']);
    expect(labelsOf({ a: 'habitation' }, 'son habxtatoin')).toEqual(['a:habxtatoin']); // two in 10 letters
    expect(labelsOf({ a: 'auto' }, 'son aute')).toEqual([]); // 4 letters: exact only
    expect(labelsOf({ a: 'code 75011' }, 'code 75012')).toEqual([]);
    expect(labelsOf({ a: 'ab12345' }, 'ab12346')).toEqual([]);
  });

  it('never matches inside a word', () => {
    expect(labelsOf({ a: 'Ive' }, 'Dive in, Ive said')).toEqual(['a:Ive']);
    expect(labelsOf({ a: 'Ive' }, 'Dive Olive')).toEqual([]);
    expect(labelsOf({ a: 'nu <<\\d+>>' }, 'nu 123abc')).toEqual([]);
  });

  it('longest match wins, identical spans keep every archetype', () => {
    expect(labelsOf({ short: 'assurance', long: 'assurance habitation' }, 'mon assurance habitation')).toEqual(['long:assurance habitation']);
    expect(labelsOf({ city: 'Paris', person: 'Paris' }, 'Paris')).toEqual(['city:Paris', 'person:Paris']);
    expect(labelsOf({ a: 'b c', b: 'c d' }, 'b c d')).toEqual(['a:b c']);
  });

  it('inline regexes run on the original text, ignoring case, and must end on a word boundary', () => {
    expect(labelsOf({ ref: '<<[A-Z]{2}-\\d{3}>>' }, 'dossier ab-123 et XY-9999')).toEqual(['ref:ab-123']);
  });

  it('uses builtin archetypes inside dictionaries', () => {
    expect(labelsOf({ due: 'échéance du [[@date]]' }, "l'échéance du 12/03/2026 approche")).toEqual(['due:échéance du 12/03/2026']);
  });

  it('finds words of other scripts', () => {
    expect(labelsOf({ a: 'страховка' }, 'моя страховка', 'ru')).toEqual(['a:страховка']);
    expect(labelsOf({ a: 'Ελλάδα' }, 'στην ελλαδα', 'gb')).toEqual(['a:ελλαδα']);
  });

  it('does not hang on a regex over hostile text', () => {
    const { engine } = build({ a: '<<\\w*\\w*\\w*b>>' });
    const t0 = performance.now();
    analyseText(engine!, 'a'.repeat(20_000), { language: 'fr', multipleInteractions: true, labeling: true });
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe('typo search', () => {
  it('wants the first letter right, except the first two letters swapped', () => {
    expect(labelsOf({ a: 'sinistre' }, 'un isnistre')).toEqual(['a:isnistre']);
    expect(labelsOf({ a: 'sinistre' }, 'un xinistre')).toEqual([]);
  });
});
