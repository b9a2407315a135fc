/** The 4.12 distance rule, the console's mapping to the engine's input, and the function form's nulls. */
import { describe, expect, it } from 'vitest';
import type { NluContext, NluInteraction, NluServer } from '../../../contract/nlu';
import { serversRefusingNoLimit, versionAtLeast } from './ai-version';
import { countEntries, directivesOf } from './dictionary-stats';
import { analyseOptionsFor, toNluSource } from './nlu-source';
import { toFunctionInput } from './functions-page';

describe('AI version rule (§5: distance -1 needs 4.12)', () => {
  it('compares major and minor, whatever the decoration', () => {
    expect(versionAtLeast('4.12', 4, 12)).toBe(true);
    expect(versionAtLeast('v4.9_prod', 4, 12)).toBe(false);
    expect(versionAtLeast('5.0', 4, 12)).toBe(true);
    expect(versionAtLeast('latest', 4, 12)).toBe(false);
  });
  it('names only the servers of the context that refuse it', () => {
    const servers = [
      { name: 'old', aiVersion: 'v4.9_prod', contexts: ['a'] },
      { name: 'new', aiVersion: '4.12', contexts: ['a'] },
      { name: 'other', aiVersion: '4.1', contexts: ['b'] },
    ];
    expect(serversRefusingNoLimit(servers, 'a')).toEqual([servers[0]]);
  });
});

describe('dictionary readings', () => {
  it('counts entry lines only and reads the directives', () => {
    const text = '#SPELLCHECK_OFF\n// comment\n\nsinistre;sinistres\n->S1;fire\nincendie\n';
    expect(countEntries(text)).toBe(2);
    expect(directivesOf(text)).toEqual({ variation: true, spellcheck: false });
    expect(countEntries(undefined)).toBe(0);
  });
});

describe('console → engine input', () => {
  const context = { id: 'c1', name: 'insurance', languages: ['fr', 'gb'], neutralizers: ['noise'], interactionCount: 1, servers: ['main'], updatedAt: '' } as NluContext;
  const interaction = {
    id: 'i1',
    contextId: 'c1',
    context: 'insurance',
    name: 'declareClaim',
    comment: '',
    enabled: true,
    ordered: true,
    distance: -1,
    parameters: [{ name: 'event', position: 0, archetype: 'claim', optional: false, multiple: false, resetConversation: false }],
    functions: ['after'],
    updatedAt: '',
  } as NluInteraction;
  it('puts each interaction under its context by name, as the server does', () => {
    const source = toNluSource({ archetypes: [], contexts: [context], interactions: [interaction], functions: [] });
    expect(source.contexts).toEqual([
      { name: 'insurance', languages: ['fr', 'gb'], neutralizers: ['noise'], interactions: [{ id: 'declareClaim', comment: '', enabled: true, ordered: true, distance: -1, parameters: interaction.parameters, functions: ['after'] }] },
    ]);
  });
  it("uses the server's settings and its contexts' languages for auto", () => {
    const server = { name: 'main', defaultLanguage: 'auto', contexts: ['insurance'], multipleInteractions: true, labeling: false } as NluServer;
    expect(analyseOptionsFor(server, [context], undefined)).toEqual({ language: 'auto', candidates: ['fr', 'gb'], contexts: ['insurance'], multipleInteractions: true, labeling: false });
    expect(analyseOptionsFor(server, [context], 'fr').language).toBe('fr');
  });
  it("falls back on the environment's languages for auto when the server's contexts declare none, as the server does", () => {
    const server = { name: 'main', defaultLanguage: 'auto', contexts: ['insurance'], multipleInteractions: true, labeling: false } as NluServer;
    expect(analyseOptionsFor(server, [{ ...context, languages: [] }], undefined, ['de', 'it']).candidates).toEqual(['de', 'it']);
    expect(analyseOptionsFor(server, [context], undefined, ['de', 'it']).candidates).toEqual(['fr', 'gb']);
  });
});

describe('interaction function form', () => {
  it('sends empty texts as null', () => {
    expect(toFunctionInput({ name: 'f', enabled: true, kind: 'interactionAfter', stringValue: ' ', parameterName: 'event', interactionToFind: '', parameterToFind: '', parameterBaseline: '' })).toEqual({
      name: 'f',
      enabled: true,
      kind: 'interactionAfter',
      stringValue: null,
      parameterName: 'event',
      interactionToFind: null,
      parameterToFind: null,
      parameterBaseline: null,
    });
  });
});
