import { describe, expect, it } from 'vitest';
import { extractionConfigSchema } from '../contract/modules/extraction';
import { extractionConfigMessages, sameValue } from './checks';

describe('extraction configuration checks', () => {
  it('accepts a sound configuration', () => {
    const config = extractionConfigSchema.parse({
      fields: [
        { id: 'a', name: 'contract', source: { type: 'regex', pattern: '(?P<n>[A-Z]{2}-\\d+)', group: 'n' } },
        { id: 'b', name: 'amount', source: { type: 'namedSnippet', snippet: 'amount' } },
      ],
      snippets: [{ name: 'amount', program: '{{ text | parse_amount }}' }],
    });
    expect(extractionConfigMessages(config)).toEqual([]);
  });

  it('names every blocking problem with where it is', () => {
    const config = extractionConfigSchema.parse({
      fields: [
        { id: 'a', name: 'x', source: { type: 'regex', pattern: '(a' } },
        { id: 'b', name: 'x', source: { type: 'regex', pattern: 'a', group: 1 } },
        { id: 'c', name: 'y', source: { type: 'namedSnippet', snippet: 'nowhere' } },
        { id: 'd', name: 'z', source: { type: 'snippet', program: 'ok\n{% if %}' } },
      ],
      snippets: [
        { name: 's', program: '{{ text }}' },
        { name: 's', program: '{{ text' },
      ],
    });
    expect(extractionConfigMessages(config).map((message) => [message.code, message.path.join('.')])).toEqual([
      ['snippetNameTaken', 'snippets.1.name'],
      ['snippetSyntaxError', 'snippets.1.program'],
      ['badRegex', 'fields.0.source.pattern'],
      ['fieldNameTaken', 'fields.1.name'],
      ['unknownGroup', 'fields.1.source.group'],
      ['unknownSnippet', 'fields.2.source.snippet'],
      ['snippetSyntaxError', 'fields.3.source.program'],
    ]);
    expect(extractionConfigMessages(config).find((message) => message.path.join('.') === 'fields.3.source.program')!.params.line).toBe(2);
  });

  it('refuses names that would reach an object prototype', () => {
    expect(extractionConfigSchema.safeParse({ fields: [{ id: 'a', name: '__proto__', source: { type: 'header', header: 'from' } }] }).success).toBe(false);
  });

  it('compares expected and obtained values as a user typed them', () => {
    expect(sameValue(48250, 48250)).toBe(true);
    expect(sameValue('48250', 48250)).toBe(true);
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue('AB-1', 'AB-2')).toBe(false);
    expect(sameValue(null, '')).toBe(false);
  });
});
