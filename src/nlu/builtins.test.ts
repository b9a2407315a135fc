import { describe, expect, it } from 'vitest';
import { BUILTIN_ARCHETYPES } from './index';
import { analyse, context, interaction, param } from './test-support/engine';
import type { NluLanguage } from './types';

/** Values of one builtin found in `text`, through a real interaction with a `multiple` parameter. */
function values(builtin: string, text: string, language: NluLanguage = 'fr') {
  const ctx = { ...context([interaction('i', [param('v', builtin, 1, { multiple: true })])]), languages: [language] };
  const result = analyse({}, [ctx], text, { language });
  return (result.interactions[0]?.parameters.v ?? []).map((v) => [v.text, v.value]);
}

describe('builtin archetypes', () => {
  it('lists each builtin with a description in both languages', () => {
    expect(BUILTIN_ARCHETYPES.map((b) => b.name)).toEqual([
      '@date', '@amount', '@percentage', '@number', '@email', '@url', '@phone', '@iban', '@postalCodeFr',
    ]);
    for (const b of BUILTIN_ARCHETYPES) expect(b.description.fr && b.description.en && b.example).toBeTruthy();
  });

  it('@date: absolute and relative French dates in ISO (reference 2026-03-10)', () => {
    expect(values('@date', 'le 12/03/2026, le 12 mars 2026, demain et dans 3 jours')).toEqual([
      ['12/03/2026', '2026-03-12'],
      ['12 mars 2026', '2026-03-12'],
      ['demain', '2026-03-11'],
      ['dans 3 jours', '2026-03-13'],
    ]);
  });

  it('@date: English dates', () => {
    expect(values('@date', 'on March 12, 2026, tomorrow, next Monday', 'gb')).toEqual([
      ['March 12, 2026', '2026-03-12'],
      ['tomorrow', '2026-03-11'],
      ['next Monday', '2026-03-16'],
    ]);
  });

  it('@number by language', () => {
    expect(values('@number', 'soit 1 234,5 ou 12 et -3')).toEqual([['1 234,5', '1234.5'], ['12', '12'], ['-3', '-3']]);
    expect(values('@number', 'that is 1,234.5', 'gb')).toEqual([['1,234.5', '1234.5']]);
  });

  it('@amount with currency symbols and codes', () => {
    expect(values('@amount', 'payé 1 250,50 € puis EUR 300 et 12 dollars')).toEqual([
      ['1 250,50 €', '1250.5 EUR'], ['EUR 300', '300 EUR'], ['12 dollars', '12 USD'],
    ]);
    expect(values('@amount', 'paid £1,200.75', 'gb')).toEqual([['£1,200.75', '1200.75 GBP']]);
  });

  it('@percentage', () => {
    expect(values('@percentage', 'hausse de 12,5 % puis 3 pour cent')).toEqual([['12,5 %', '12.5'], ['3 pour cent', '3']]);
  });

  it('@email and @url', () => {
    expect(values('@email', 'écrire à Jean.Dupont@Exemple.fr.')).toEqual([['Jean.Dupont@Exemple.fr', 'jean.dupont@exemple.fr']]);
    expect(values('@url', 'voir https://exemple.fr/contrat?id=3. ou www.assur.fr')).toEqual([
      ['https://exemple.fr/contrat?id=3', 'https://exemple.fr/contrat?id=3'], ['www.assur.fr', 'www.assur.fr'],
    ]);
  });

  it('@phone in French and international forms, as E.164', () => {
    expect(values('@phone', 'appelez le 06 12 34 56 78, le +33 1 23 45 67 89 ou le +44 20 7946 0958')).toEqual([
      ['06 12 34 56 78', '+33612345678'], ['+33 1 23 45 67 89', '+33123456789'], ['+44 20 7946 0958', '+442079460958'],
    ]);
  });

  it('@iban only when the mod-97 checksum holds', () => {
    expect(values('@iban', 'IBAN FR76 3000 6000 0112 3456 7890 189 et FR76 3000 6000 0112 3456 7890 188')).toEqual([
      ['FR76 3000 6000 0112 3456 7890 189', 'FR7630006000011234567890189'],
    ]);
  });

  it('@postalCodeFr, not inside longer numbers', () => {
    expect(values('@postalCodeFr', '12 rue X, 75011 Paris ; tél 0612345678 ; 99000')).toEqual([['75011', '75011']]);
  });
});
