/** The review step's test before creation: the real NLU engine on the environment's items plus the draft. */
import { describe, expect, it } from 'vitest';
import type { StoredNluItems } from '../../../nlu/source-of';
import { emptyDraft } from './wizard-draft';
import { itemsWithDraft, previewWizard } from './wizard-preview';

const existing: StoredNluItems = {
  archetypes: [{ name: 'sinistre', dictionaries: { fr: 'sinistre\ndégât des eaux' } }],
  contexts: [{ id: 'c1', name: 'assurance', languages: ['fr'], neutralizers: [] }],
  interactions: [
    {
      name: 'declarerSinistre',
      contextId: 'c1',
      comment: '',
      enabled: true,
      ordered: false,
      distance: 10,
      parameters: [{ name: 'type', position: 0, archetype: 'sinistre', optional: false, multiple: false, resetConversation: false }],
      functions: [],
    },
  ],
  functions: [],
};

function draft() {
  const d = emptyDraft('c1', 'm1');
  d.archetype = { name: 'resiliation', language: 'fr', dictionary: 'résilier\nrésiliation' };
  d.interaction = { contextId: 'c1', name: 'resilierContrat', parameter: 'motif', comment: '' };
  d.category = { moduleId: 'm1', name: 'Résiliation', target: 'body', ruleName: '' };
  return d;
}

describe('wizard preview', () => {
  it('adds the draft archetype and interaction the way the wizard stores them', () => {
    const items = itemsWithDraft(existing, draft());
    expect(items.archetypes.map((archetype) => archetype.name)).toEqual(['sinistre', 'resiliation']);
    expect(items.interactions.at(-1)).toMatchObject({ name: 'resilierContrat', contextId: 'c1', parameters: [{ name: 'motif', archetype: 'resiliation' }] });
  });

  it('finds the draft interaction in a sentence that names it: the category would be given', () => {
    const preview = previewWizard(existing, draft(), 'Je souhaite la résiliation de mon contrat', '4.12');
    expect(preview.errors).toEqual([]);
    expect(preview.chainWorks).toBe(true);
    expect(preview.parameterValues).toHaveLength(1);
    expect(preview.interactions.map((interaction) => interaction.id)).toContain('resilierContrat');
  });

  it('says the chain misses on a sentence without it, and still shows the other interactions found', () => {
    const preview = previewWizard(existing, draft(), 'Un sinistre dans ma cuisine', '4.12');
    expect(preview.chainWorks).toBe(false);
    expect(preview.interactions.map((interaction) => interaction.id)).toEqual(['declarerSinistre']);
  });

  it("reports the draft dictionary's errors (the engine compiles what it can, as on the server)", () => {
    const broken = draft();
    broken.archetype.dictionary = '#NOPE\nrésiliation';
    const preview = previewWizard(existing, broken, 'résiliation', '4.12');
    expect(preview.errors.map((error) => [error.code, error.archetype, error.line])).toEqual([['dictionarySyntax', 'resiliation', 1]]);
  });
});
