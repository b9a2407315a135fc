/** Every extraction error code, configuration message and field error has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { EXTRACTION_ERROR_CODES, EXTRACTION_FIELD_ERROR_CODES, EXTRACTION_MESSAGE_CODES, FIELD_SOURCE_TYPES, VALUE_FORMATS } from './extraction';

describe('extraction codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].extraction as unknown as Record<string, Record<string, string>>;
    expect(EXTRACTION_ERROR_CODES.filter((code) => !ns.errors![code])).toEqual([]);
    expect(EXTRACTION_MESSAGE_CODES.filter((code) => !ns.messages![code])).toEqual([]);
    expect(EXTRACTION_FIELD_ERROR_CODES.filter((code) => !ns.fieldErrors![code])).toEqual([]);
    expect(FIELD_SOURCE_TYPES.filter((type) => !ns.sourceTypes![type])).toEqual([]);
    expect(VALUE_FORMATS.filter((format) => !ns.formats![format])).toEqual([]);
  });

  it('say "Syntax error in your configuration" with the line for snippets (§8)', () => {
    expect(resources.en.extraction.messages.snippetSyntaxError).toContain('Syntax error in your configuration');
    expect(resources.en.extraction.messages.snippetSyntaxError).toContain('{{line}}');
  });
});
