/** Every IDE error code the server answers has fr and en text, and the §8 texts say what the spec says. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { CONFIGURATION_DOCUMENT_ERROR_CODES } from './configuration-document';

describe('configuration document codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const errors = resources[language].configurationIde.errors as Record<string, string>;
    expect(CONFIGURATION_DOCUMENT_ERROR_CODES.filter((code) => !errors[code])).toEqual([]);
    expect(errors.configurationSyntax).toContain('{{line}}');
    expect(errors.configurationSyntax).toContain('{{message}}');
  });

  it('carry the §8 messages', () => {
    expect(resources.en.configurationIde.problems.syntax).toBe("Syntax error in your configuration, line {{line}}: parser's message: {{message}}");
    expect(resources.en.configurationIde.problems.none).toBe('No errors detected');
  });
});
