import { describe, expect, it } from 'vitest';
import { archetypeReferences, replyTemplateReferences, snapshotOf } from './references';

describe('archetypeReferences', () => {
  it('lists the [[name]] references of every language once, sorted, comment lines aside', () => {
    const dictionaries = {
      fr: '#ID_ON\nC1;contrat [[numero]];[[@number]] contrat\n// [[commentaire]]\nC2;<<[0-9]+>> [[ numero ]]',
      gb: 'contract [[reference]]',
    };
    expect(archetypeReferences(dictionaries)).toEqual(['@number', 'numero', 'reference']);
  });

  it('finds nothing in dictionaries without references', () => {
    expect(archetypeReferences({ fr: 'bonjour;salut' })).toEqual([]);
  });
});

describe('snapshotOf', () => {
  it('names each interaction by its context and keeps only references of archetypes', () => {
    const snapshot = snapshotOf([], {
      archetypes: [{ id: 'a1', name: 'contrat', dictionaries: { fr: 'contrat [[numero]]' } }],
      contexts: [{ id: 'x1', name: 'Sinistres', neutralizers: [] }],
      interactions: [{ id: 'i1', name: 'resiliation', contextId: 'x1', enabled: true, parameters: [{ name: 'contrat', archetype: 'contrat' }], functions: [] }],
      functions: [],
      servers: [{ id: 's1', name: 'prod', contexts: ['Sinistres'] }],
    });
    expect(snapshot.archetypes).toEqual([{ id: 'a1', name: 'contrat', references: ['numero'] }]);
    expect(snapshot.interactions[0]!.context).toBe('Sinistres');
  });
});

describe('replyTemplateReferences', () => {
  it('keeps what a template answers and the ids of the templates it includes by a literal name, not its body', () => {
    const references = replyTemplateReferences([
      { id: 't1', name: 'Résiliation', category: 'Résiliation', body: "Bonjour\n{% include 'Signature' %}{% render \"Pied\" %}{% include 'Inconnu' %}{% include nom %}" },
      { id: 't2', name: 'Signature', category: null, body: 'Cordialement' },
      { id: 't3', name: 'Pied', category: null, body: '--' },
    ]);
    expect(references).toEqual([
      { id: 't1', name: 'Résiliation', category: 'Résiliation', includes: ['t2', 't3'] },
      { id: 't2', name: 'Signature', category: null, includes: [] },
      { id: 't3', name: 'Pied', category: null, includes: [] },
    ]);
  });
});
