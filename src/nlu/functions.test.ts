import { describe, expect, it } from 'vitest';
import { analyse, context, interaction, param } from './test-support/engine';
import type { InteractionFunctionKind, InteractionFunctionSource } from './types';

const dict = { action: 'résilier', contract: 'assurance auto;assurance habitation', when: 'immédiatement', quote: 'devis' };

function fn(kind: InteractionFunctionKind, extra: Partial<InteractionFunctionSource> = {}): InteractionFunctionSource {
  return { name: 'f', enabled: true, kind, stringValue: null, parameterName: null, interactionToFind: null, parameterToFind: null, parameterBaseline: null, ...extra };
}

/** Ids of the interactions reported for `text` when `terminate` must satisfy `f`. */
function ids(f: InteractionFunctionSource, text: string): string[] {
  const ctx = context([
    interaction('terminate', [param('a', 'action', 1), param('c', 'contract', 2, { optional: true })], { functions: ['f'] }),
    interaction('urgent', [param('w', 'when', 1)]),
  ]);
  return analyse(dict, [ctx], text, { functions: [f] }).interactions.map((i) => i.id).sort();
}

describe('interaction functions', () => {
  it('interactionAfter: the other interaction is found after this one', () => {
    const f = fn('interactionAfter', { interactionToFind: 'urgent' });
    expect(ids(f, 'résilier, et immédiatement')).toEqual(['terminate', 'urgent']);
    expect(ids(f, 'immédiatement, résilier')).toEqual(['urgent']);
  });

  it('interactionBefore: the other interaction is found before this one', () => {
    const f = fn('interactionBefore', { interactionToFind: 'urgent' });
    expect(ids(f, 'immédiatement, résilier')).toEqual(['terminate', 'urgent']);
    expect(ids(f, 'résilier immédiatement')).toEqual(['urgent']);
  });

  it('interactionAround: the other interaction on either side, and absent fails', () => {
    const f = fn('interactionAround', { interactionToFind: 'urgent' });
    expect(ids(f, 'immédiatement, résilier')).toEqual(['terminate', 'urgent']);
    expect(ids(f, 'résilier, oui, immédiatement')).toEqual(['terminate', 'urgent']);
    expect(ids(f, 'résilier')).toEqual([]);
  });

  it('interactionRightAfter / RightBefore: the next or previous word, punctuation aside', () => {
    expect(ids(fn('interactionRightAfter', { interactionToFind: 'urgent' }), 'résilier, immédiatement')).toEqual(['terminate', 'urgent']);
    expect(ids(fn('interactionRightAfter', { interactionToFind: 'urgent' }), 'résilier très immédiatement')).toEqual(['urgent']);
    expect(ids(fn('interactionRightBefore', { interactionToFind: 'urgent' }), 'immédiatement résilier')).toEqual(['terminate', 'urgent']);
    expect(ids(fn('interactionRightBefore', { interactionToFind: 'urgent' }), 'immédiatement, oui, résilier')).toEqual(['urgent']);
  });

  it('stringValue alone: the words must be found relative to the interaction', () => {
    const f = fn('interactionRightBefore', { stringValue: 'ne pas' });
    expect(ids(f, 'surtout ne pas résilier')).toEqual(['terminate']);
    expect(ids(f, 'surtout ne jamais résilier')).toEqual([]);
    expect(ids(fn('interactionBefore', { stringValue: 'Merci' }), 'merci de résilier')).toEqual(['terminate']);
    expect(ids(fn('interactionBefore', { stringValue: 'Merci' }), 'résilier merci')).toEqual([]);
  });

  it('parameterToFind + stringValue: a parameter of the other interaction with that value', () => {
    const f = fn('interactionAfter', { interactionToFind: 'urgent', parameterToFind: 'w', stringValue: 'IMMEDIATEMENT' });
    expect(ids(f, 'résilier immédiatement')).toEqual(['terminate', 'urgent']);
    const wrong = fn('interactionAfter', { interactionToFind: 'urgent', parameterToFind: 'w', stringValue: 'demain' });
    expect(ids(wrong, 'résilier immédiatement')).toEqual(['urgent']);
  });

  it('parameterBaseline: positions are taken from one parameter of this interaction', () => {
    // The contract comes after "immédiatement", the action before it.
    const f = fn('interactionBefore', { interactionToFind: 'urgent', parameterBaseline: 'c' });
    expect(ids(f, 'résilier immédiatement assurance auto')).toEqual(['terminate', 'urgent']);
    const g = fn('interactionBefore', { interactionToFind: 'urgent', parameterBaseline: 'a' });
    expect(ids(g, 'résilier immédiatement assurance auto')).toEqual(['urgent']);
  });

  it('parameterName: values of that parameter failing the condition are dropped', () => {
    // Keep only the contracts right after the action: the action must end right before them.
    const f = fn('interactionRightBefore', { parameterName: 'c', parameterToFind: 'a' });
    const ctx = context([interaction('terminate', [param('a', 'action', 1), param('c', 'contract', 2, { multiple: true })], { functions: ['f'] })]);
    const result = analyse(dict, [ctx], 'assurance habitation : résilier assurance auto', { functions: [f] });
    expect(result.interactions[0]!.parameters.c!.map((v) => v.text)).toEqual(['assurance auto']);
    const none = analyse(dict, [ctx], 'résilier, oui, assurance auto', { functions: [f] });
    expect(none.interactions.map((i) => [i.complete, i.missing])).toEqual([[false, ['c']]]);
  });

  it('a disabled function always holds', () => {
    expect(ids(fn('interactionAfter', { interactionToFind: 'urgent', enabled: false }), 'résilier')).toEqual(['terminate']);
  });
});
