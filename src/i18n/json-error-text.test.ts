/** JSON syntax errors read in the user's language: every jsonc-parser code has both texts. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { JSON_ERROR_CODES, parseJsonText } from '../parsing/json';
import { jsonErrorText } from './json-error-text';
import { resources } from './resources';

describe('JSON error texts', () => {
  it.each(['fr', 'en'] as const)('has a %s text for every code', (language) => {
    const codes = resources[language].common.jsonError.codes as Record<string, string>;
    expect(JSON_ERROR_CODES.filter((code) => typeof codes[code] !== 'string' || codes[code].trim() === '')).toEqual([]);
    expect(Object.keys(codes).filter((code) => !(JSON_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('says where and what, never the library code', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
    const result = parseJsonText('{\n  "a": 1,\n  "b": \n}');
    if (result.ok) throw new Error('the text is not JSON');
    expect(result.code).toBe('ValueExpected');
    const text = (language: string) => jsonErrorText((key, params) => i18n.getFixedT(language)(key as never, params as never) as unknown as string, result);
    expect(text('fr')).toBe('JSON invalide, ligne 4, colonne 1 : valeur attendue');
    expect(text('en')).toBe('Invalid JSON, line 4, column 1: value expected');
  });
});
