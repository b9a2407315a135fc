/** Every error code of the bank's endpoints has French and English text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { CLASSIFICATION_KINDS, QUALIFICATION_STATES, TESTING_CENTER_BANK_ERROR_CODES, VALUE_FORMATS } from './testing-center';

describe('testing center codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].testingCenter as { errors: Record<string, string>; kinds: Record<string, string>; states: Record<string, string>; formats: Record<string, string> };
    expect(TESTING_CENTER_BANK_ERROR_CODES.filter((code) => !ns.errors[code])).toEqual([]);
    expect(CLASSIFICATION_KINDS.filter((kind) => !ns.kinds[kind])).toEqual([]);
    expect(QUALIFICATION_STATES.filter((state) => !ns.states[state])).toEqual([]);
    expect(VALUE_FORMATS.filter((format) => !ns.formats[format])).toEqual([]);
  });
});
