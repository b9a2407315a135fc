import { describe, expect, it } from 'vitest';
import { duplicateNames, emptyDraft, stepComplete, wizardBody, type ExistingNames } from './wizard-draft';
import { wizardBodySchema } from '../../../contract/creation-wizard';

const existing: ExistingNames = {
  archetypes: ['resiliation'],
  interactions: [{ contextId: 'c1', name: 'resilierContrat' }],
  functions: ['apresDate'],
  categories: [{ moduleId: 'm1', name: 'Résiliation' }],
};

function draft() {
  const d = emptyDraft('c1', 'm1');
  d.archetype = { name: 'Resiliation ', language: 'fr', dictionary: 'résilier;résiliation' };
  d.interaction = { contextId: 'c1', name: 'RESILIERCONTRAT', parameter: 'motif', comment: '' };
  d.functions = [
    { key: 1, name: 'apresdate', kind: 'interactionAfter', stringValue: 'date' },
    { key: 2, name: 'nouvelle', kind: 'interactionAround', stringValue: 'contrat' },
    { key: 3, name: 'Nouvelle', kind: 'interactionAround', stringValue: 'contrat' },
  ];
  d.category = { moduleId: 'm1', name: ' résiliation', target: 'body', ruleName: '' };
  return d;
}

describe('wizard draft', () => {
  it('warns on duplicate archetype, interaction, function and category names, ignoring case and spaces (§5)', () => {
    expect(duplicateNames('archetype', draft(), existing)).toEqual([{ kind: 'archetype', name: 'Resiliation' }]);
    expect(duplicateNames('interaction', draft(), existing)).toEqual([{ kind: 'interaction', name: 'RESILIERCONTRAT' }]);
    expect(duplicateNames('functions', draft(), existing)).toEqual([
      { kind: 'function', name: 'apresdate' },
      { kind: 'function', name: 'Nouvelle' },
    ]);
    expect(duplicateNames('category', draft(), existing)).toEqual([{ kind: 'category', name: 'résiliation' }]);
  });

  it('does not warn on an interaction of the same name in another context or a category of another module', () => {
    const other = draft();
    other.interaction.contextId = 'c2';
    other.category.moduleId = 'm2';
    expect(duplicateNames('interaction', other, existing)).toEqual([]);
    expect(duplicateNames('category', other, existing)).toEqual([]);
  });

  it('asks for the required fields of each step and builds a body the contract accepts', () => {
    const empty = emptyDraft('c1', 'm1');
    expect(stepComplete('archetype', empty)).toBe(false);
    expect(stepComplete('functions', empty)).toBe(true);
    const full = draft();
    expect(['archetype', 'interaction', 'functions', 'category'].every((step) => stepComplete(step as never, full))).toBe(true);
    const body = wizardBodySchema.parse(wizardBody(full));
    expect(body.archetype.name).toBe('Resiliation');
    expect(body.category).toEqual({ moduleId: 'm1', name: 'résiliation', target: 'body' });
    expect(body.functions.map((fn) => fn.stringValue)).toEqual(['date', 'contrat', 'contrat']);
  });
});
