/** Every categorization error code, configuration message and advanced-program error has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { CATEGORIZATION_ERROR_CODES, CATEGORIZATION_MESSAGE_CODES, advancedErrorSchema } from './categorization';

describe('categorization codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].categorization as { errors: Record<string, string>; messages: Record<string, string>; advancedErrors: Record<string, string> };
    expect(CATEGORIZATION_ERROR_CODES.filter((code) => !ns.errors[code])).toEqual([]);
    expect(CATEGORIZATION_MESSAGE_CODES.filter((code) => !ns.messages[code])).toEqual([]);
    expect(advancedErrorSchema.shape.code.options.filter((code) => !ns.advancedErrors[code])).toEqual([]);
  });

  it('say "Syntax error in your configuration" with the line for the advanced program (§8)', () => {
    expect(resources.en.categorization.messages.advancedSyntaxError).toContain('Syntax error in your configuration');
    expect(resources.en.categorization.messages.advancedSyntaxError).toContain('{{line}}');
  });
});
