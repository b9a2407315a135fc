/** The component editor's descriptors: a form round-trips to the same entity, and bad input is pointed out on its field. */
import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES, componentContentSchema } from '../../contract/toolbox';
import { contentOf, emptyForm, fieldsOf, formOf } from './component-form';

const t = (key: string) => key;

describe('component form', () => {
  it.each([
    { type: 'archetype', entity: { name: 'sinistre', dictionaries: { fr: 'sinistre\n[[degat]]', gb: 'claim' }, notes: 'n' } },
    { type: 'context', entity: { name: 'claims', languages: ['fr', 'gb'], neutralizers: ['bruit', 'signature'] } },
    { type: 'interaction', entity: { context: 'claims', name: 'declare', parameters: [{ name: 'event', position: 0, archetype: 'sinistre' }], functions: ['near'] } },
    { type: 'interaction_function', entity: { name: 'near', kind: 'interactionAround', interactionToFind: 'declare' } },
    { type: 'extraction_module', entity: { name: 'Refs', inputType: 'body', config: { fields: [{ id: 'f', name: 'iban', source: { type: 'builtin', builtin: 'iban' } }] } } },
    { type: 'extraction_snippet', entity: { name: 'upper', description: 'd', program: '{{ text | upcase }}' } },
  ])('round-trips a $type', (raw) => {
    const content = componentContentSchema.parse(raw);
    expect(contentOf(content.type, formOf(content))).toEqual({ content, errors: {} });
  });

  it('starts every type with a form that has a field per entity part', () => {
    for (const type of COMPONENT_TYPES) {
      const names = fieldsOf(type, emptyForm(type), t, false, (code) => code).map((field) => field.name);
      expect(names[0]).toBe('name');
      // A new component has no name yet: the name field says so.
      expect(Object.keys(contentOf(type, emptyForm(type)).errors)).toContain('name');
    }
  });

  it('points at the field whose JSON does not parse or whose dictionary language is refused', () => {
    const form = { ...formOf(componentContentSchema.parse({ type: 'interaction', entity: { context: 'c', name: 'i' } })), parameters: '[{' };
    expect(contentOf('interaction', form).errors).toHaveProperty('parameters');
    const archetype = { name: 'a;b', notes: '', dictionary_fr: 'x' };
    expect(contentOf('archetype', archetype).errors).toHaveProperty('name');
  });
});
