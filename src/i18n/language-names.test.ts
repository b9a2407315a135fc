import { describe, expect, it } from 'vitest';
import { NLU_LANGUAGES } from '../contract/environments';
import { languageName } from './language-names';

describe('languageName', () => {
  it('names the product codes in the interface language, country-like codes included', () => {
    expect(languageName('gb', 'fr')).toBe('anglais (Royaume-Uni)');
    expect(languageName('gb', 'en')).toBe('English (United Kingdom)');
    expect(languageName('fr', 'fr')).toBe('français');
    expect(languageName('cz', 'fr')).toBe('tchèque');
    expect(languageName('jp', 'en')).toBe('Japanese');
    expect(languageName('se', 'en')).toBe('Swedish');
  });

  it('has a name for every NLU language, never the bare code', () => {
    for (const code of NLU_LANGUAGES) {
      expect(languageName(code, 'fr')).not.toBe(code);
      expect(languageName(code, 'en')).not.toBe(code);
    }
  });

  it('shows an unknown code as is', () => {
    expect(languageName('zz-not-a-language-x', 'fr')).toBe('zz-not-a-language-x');
  });
});
