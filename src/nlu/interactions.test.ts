import { describe, expect, it } from 'vitest';
import { analyse, build, context, interaction, param } from './test-support/engine';

const dict = {
  action: 'résilier;résiliation',
  contract: 'assurance habitation;assurance auto',
  politeness: 'merci',
  quote: 'devis',
  negation: 'ne pas résilier',
};
const found = (r: ReturnType<typeof analyse>) =>
  r.interactions.map((i) => [i.id, i.complete, i.missing, Object.fromEntries(Object.entries(i.parameters).map(([k, v]) => [k, v.map((x) => x.text)]))]);

describe('interactions', () => {
  it('is complete when every non-optional parameter is found, and reports what is missing', () => {
    const ctx = context([
      interaction('terminate', [param('action', 'action', 1), param('contract', 'contract', 2), param('thanks', 'politeness', 3, { optional: true })]),
    ]);
    expect(found(analyse(dict, [ctx], 'Je veux résilier mon assurance auto'))).toEqual([
      ['terminate', true, [], { action: ['résilier'], contract: ['assurance auto'] }],
    ]);
    expect(found(analyse(dict, [ctx], 'Je veux résilier'))).toEqual([['terminate', false, ['contract'], { action: ['résilier'] }]]);
    expect(analyse(dict, [ctx], 'Bonjour').interactions).toEqual([]);
  });

  it('ordered: parameters must appear in position order', () => {
    const ordered = context([interaction('t', [param('action', 'action', 1), param('contract', 'contract', 2)], { ordered: true })]);
    expect(found(analyse(dict, [ordered], "L'assurance auto, je veux la résilier"))[0]![1]).toBe(false);
    expect(found(analyse(dict, [ordered], 'Résilier mon assurance auto'))[0]![1]).toBe(true);
    const free = context([interaction('t', [param('action', 'action', 1), param('contract', 'contract', 2)])]);
    expect(found(analyse(dict, [free], "L'assurance auto, je veux la résilier"))[0]![1]).toBe(true);
  });

  it('distance: at most that many words between consecutive parameters; -1 no limit', () => {
    const within = (distance: number) =>
      found(analyse(dict, [context([interaction('t', [param('a', 'action', 1), param('c', 'contract', 2)], { distance })])], 'résilier dès que possible mon assurance auto'))[0]![1];
    expect(within(3)).toBe(false);
    expect(within(4)).toBe(true);
    expect(within(-1)).toBe(true);
  });

  it('distance -1 needs AI version 4.12', () => {
    const ctx = context([interaction('t', [param('a', 'action', 1)], { distance: -1 })]);
    const { errors } = build(dict, { contexts: [ctx], aiVersion: 'v4.9_prod' });
    expect(errors.map((e) => [e.code, e.interaction, e.params.version])).toEqual([['distanceNeedsVersion', 't', 'v4.9_prod']]);
    expect(build(dict, { contexts: [ctx], aiVersion: 'v4.12_prod' }).errors).toEqual([]);
  });

  it('refuses unknown archetypes, duplicate parameters and unknown functions', () => {
    const ctx = context([
      interaction('a', [param('x', 'ghost', 1)]),
      interaction('b', [param('x', 'action', 1), param('x', 'contract', 2)]),
      interaction('c', [param('x', 'action', 1)], { functions: ['nope'] }),
    ]);
    expect(build(dict, { contexts: [ctx] }).errors.map((e) => [e.code, e.interaction])).toEqual([
      ['unknownArchetype', 'a'], ['duplicateParameter', 'b'], ['unknownInteractionFunction', 'c'],
    ]);
  });

  it('values of two parameters never overlap', () => {
    const ctx = context([interaction('two', [param('first', 'contract', 1), param('second', 'contract', 2)])]);
    expect(found(analyse(dict, [ctx], 'mon assurance habitation'))).toEqual([['two', false, ['second'], { first: ['assurance habitation'] }]]);
    expect(found(analyse(dict, [ctx], 'assurance habitation et assurance auto'))[0]![1]).toBe(true);
  });

  it('multiple collects every occurrence', () => {
    const ctx = context([interaction('t', [param('a', 'action', 1), param('c', 'contract', 2, { multiple: true })])]);
    expect(found(analyse(dict, [ctx], 'résilier assurance habitation et assurance auto'))).toEqual([
      ['t', true, [], { a: ['résilier'], c: ['assurance habitation', 'assurance auto'] }],
    ]);
  });

  it('multipleInteractions returns every interaction found, else only the best one', () => {
    const ctx = context([
      interaction('quote', [param('q', 'quote', 1), param('c', 'contract', 2)]),
      interaction('terminate', [param('a', 'action', 1), param('c', 'contract', 2)]),
      interaction('thanks', [param('p', 'politeness', 1)]),
    ]);
    const text = 'Merci de résilier mon assurance auto et un devis';
    expect(found(analyse(dict, [ctx], text)).map((f) => [f[0], f[1]])).toEqual([['terminate', true], ['quote', true], ['thanks', true]]);
    expect(found(analyse(dict, [ctx], text, { multipleInteractions: false })).map((f) => f[0])).toEqual(['terminate']);
    expect(found(analyse(dict, [ctx], 'un devis', { multipleInteractions: false }))).toEqual([['quote', false, ['c'], { q: ['devis'] }]]);
  });

  it('disabled interactions and contexts not asked for are ignored', () => {
    const ctx = context([interaction('t', [param('a', 'action', 1)], { enabled: false })]);
    expect(analyse(dict, [ctx], 'résilier').interactions).toEqual([]);
    const on = context([interaction('t', [param('a', 'action', 1)])]);
    expect(analyse(dict, [on], 'résilier', { contexts: ['other'] }).interactions).toEqual([]);
  });

  it("a context's neutralizers swallow their span", () => {
    const ctx = context([interaction('t', [param('a', 'action', 1)])], ['negation']);
    expect(analyse(dict, [ctx], 'Surtout ne pas résilier').interactions).toEqual([]);
    expect(analyse(dict, [ctx], 'Surtout ne pas résilier').labels.map((l) => l.archetype)).toEqual(['negation']);
    expect(found(analyse(dict, [ctx], 'Ne pas résilier ? Si, résilier.'))[0]![3]).toEqual({ a: ['résilier'] });
  });

  it('builtins serve as parameter archetypes and appear in the labels', () => {
    const ctx = context([interaction('t', [param('a', 'action', 1), param('d', '@date', 2)])]);
    const result = analyse(dict, [ctx], 'résilier au 31/12/2026');
    expect(result.interactions[0]!.parameters.d![0]!.value).toBe('2026-12-31');
    expect(result.labels.map((l) => l.archetype)).toEqual(['action', '@date']);
  });
});
