import { describe, expect, it } from 'vitest';
import { extractionFieldSchema, type ExtractionField } from '../../../contract/extraction';
import { formKeyOf, fromForm, toForm } from './field-form';

const fields: ExtractionField[] = [
  { id: 'a', name: 'contract', label: 'Contrat', format: 'string', source: { type: 'nluParameter', interaction: 'declarerSinistre', parameter: 'numeroContrat', read: 'text', which: 'all', incomplete: true } },
  { id: 'b', name: 'amount', label: '', format: 'number', source: { type: 'builtin', builtin: 'amount', which: 'first' } },
  { id: 'c', name: 'ref', label: '', format: 'string', source: { type: 'regex', pattern: '(?P<n>\\d+)', group: 'n', ignoreCase: false, which: 'first' } },
  { id: 'd', name: 'second', label: '', format: 'string', source: { type: 'regex', pattern: '(a)(b)', group: 2, ignoreCase: true, which: 'all' } },
  { id: 'e', name: 'sender', label: '', format: 'string', source: { type: 'header', header: 'from' } },
  { id: 'f', name: 'customer', label: '', format: 'object', source: { type: 'metadata', key: 'customer' } },
  { id: 'g', name: 'deadline', label: '', format: 'string', source: { type: 'snippet', program: '{{ text | parse_date }}' } },
  { id: 'h', name: 'total', label: '', format: 'number', source: { type: 'namedSnippet', snippet: 'total' } },
];

describe('the field editor form', () => {
  it.each(fields.map((field) => [field.source.type, field] as const))('gives back a %s field as it was', (_type, field) => {
    const back = fromForm(field.id, toForm(field));
    expect(back).toEqual(field);
    expect(extractionFieldSchema.safeParse(back).success).toBe(true);
  });

  it('switches source keeping the common settings', () => {
    const form = { ...toForm(fields[1]!), sourceType: 'header' as const, header: 'subject' };
    expect(fromForm('b', form)).toEqual({ id: 'b', name: 'amount', label: '', format: 'number', source: { type: 'header', header: 'subject' } });
  });

  it('points a message at the control it concerns', () => {
    expect(formKeyOf(['fields', '2', 'name'])).toBe('name');
    expect(formKeyOf(['fields', '2', 'source', 'pattern'])).toBe('pattern');
    expect(formKeyOf(['fields', '2', 'source'])).toBeNull();
  });
});
