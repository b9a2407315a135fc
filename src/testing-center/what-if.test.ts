/**
 * The what-if pieces that need no server: changes applied to copies, proposals read from outcomes,
 * and the comparison of two evaluations. Replay against a real run is proven in
 * server/testing-center/replay.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { EnvironmentModule } from '../contract/environments';
import type { ValueOutcome } from '../contract/testing-evaluation';
import type { NluSource } from '../nlu/types';
import { distinctiveWords, fieldRelaxations, missedCategories, missedFields, ruleRelaxations, wordsOf, type ProposalMessage } from './proposals';
import { compareOutcomes } from './what-if';
import { applyChange, relaxedFieldConfig, relaxedRule, withWords } from './what-if-change';

const row = (value: string, outcome: ValueOutcome['outcome']): ValueOutcome => ({ value, outcome, rule: 'exact' });
const message = (messageId: string, text: string, rows: ValueOutcome[]): ProposalMessage => ({ messageId, text, rows, nlu: [] });

const categorization = (config: object): EnvironmentModule => ({ id: 'cat', type: 'categorization', name: 'Catégorisation', inputType: null, context: null, active: true, requiredTaints: [], config: config as Record<string, unknown> });
const rule = {
  id: 'r1',
  name: 'résiliation',
  priority: 1,
  enabled: true,
  combinator: 'and' as const,
  taint: null,
  criteria: [
    { type: 'interaction' as const, interaction: 'resilierContrat', context: null, complete: true, parameters: [{ parameter: 'date', condition: { operator: 'exists' as const } }] },
    { type: 'header' as const, header: 'subject', condition: { operator: 'contains' as const, value: 'contrat' } },
  ],
};
const config = { defaultCategory: null, categories: [{ id: 'c1', name: 'Résiliation', description: '', target: 'body', enabled: true, rules: [rule] }], advanced: { enabled: false, program: '' } };

describe('what-if changes', () => {
  it('adds words as dictionary lines of their own, never twice, whatever their case', () => {
    expect(withWords('résiliation;résilier\nannuler', ['arrêter', 'Annuler', 'clôturer'])).toBe('résiliation;résilier\nannuler\narrêter\nclôturer\n');
    expect(withWords(undefined, ['arrêter'])).toBe('arrêter\n');
    expect(withWords('arrêter\n', ['ARRÊTER'])).toBe('arrêter\n');
  });

  it('loosens one criterion of a rule three ways, and leaves a rule it does not fit alone', () => {
    expect(relaxedRule(rule, { kind: 'dropCriterion', criterion: 1 }).criteria).toEqual([rule.criteria[0]]);
    expect(relaxedRule(rule, { kind: 'allowIncomplete', criterion: 0 }).criteria[0]).toMatchObject({ complete: false });
    expect(relaxedRule(rule, { kind: 'dropParameter', criterion: 0, parameter: 0 }).criteria[0]).toMatchObject({ parameters: [] });
    expect(relaxedRule(rule, { kind: 'allowIncomplete', criterion: 1 })).toBe(rule);
    expect(relaxedRule(rule, { kind: 'dropCriterion', criterion: 7 })).toBe(rule);
  });

  it('applies a change to copies: the run settings and the NLU source stay as they were', () => {
    const settings = { modules: [categorization(config)], content: { multiCategory: false, attachmentCategoriesPerPage: false }, languages: ['fr'] } as never;
    const source: NluSource = { archetypes: [{ name: 'resiliation', dictionaries: { fr: 'résilier' } }], contexts: [], functions: [] };
    const words = applyChange(settings, source, { type: 'dictionary', archetype: 'resiliation', language: 'fr', words: ['arrêter'] });
    expect(words.source.archetypes[0]!.dictionaries.fr).toBe('résilier\narrêter\n');
    expect(source.archetypes[0]!.dictionaries.fr).toBe('résilier');
    expect(words.settings).toBe(settings);
    const loosened = applyChange(settings, source, { type: 'rule', moduleId: 'cat', categoryId: 'c1', ruleId: 'r1', relaxation: { kind: 'dropCriterion', criterion: 1 } });
    expect((loosened.settings as { modules: EnvironmentModule[] }).modules[0]!.config).toMatchObject({ categories: [{ rules: [{ criteria: [{ type: 'interaction' }] }] }] });
    expect(config.categories[0]!.rules[0]!.criteria).toHaveLength(2);
    // A rule the configuration no longer has: nothing changes.
    expect(applyChange(settings, source, { type: 'rule', moduleId: 'cat', categoryId: 'c1', ruleId: 'gone', relaxation: { kind: 'dropCriterion', criterion: 0 } }).settings).toBe(settings);
    // An archetype's dictionaries as its editor holds them replace the saved ones, on a copy.
    const edited = applyChange(settings, source, { type: 'archetype', name: 'resiliation', dictionaries: { fr: 'arrêter', gb: 'cancel' } });
    expect(edited.source.archetypes[0]!.dictionaries).toEqual({ fr: 'arrêter', gb: 'cancel' });
    expect(source.archetypes[0]!.dictionaries).toEqual({ fr: 'résilier' });
  });
});

describe('proposals', () => {
  it('splits words on apostrophes and keeps those of four letters or more', () => {
    expect([...wordsOf("Merci d'arrêter le contrat AB-7 aujourd’hui")]).toEqual(['merci', 'arrêter', 'contrat', 'aujourd']);
  });

  it('names the categories the run missed, most missed first, and never a message nobody qualified', () => {
    const messages = [
      message('a', '', [row('Résiliation', 'FN'), row('Autre', 'FP')]),
      message('b', '', [row('Résiliation', 'FN')]),
      message('c', '', [row('Devis', 'FN')]),
      message('d', '', [{ value: 'NO_QUALIFIED', outcome: 'FN', rule: 'noQualified' }]),
    ];
    expect(missedCategories(messages)).toEqual([
      { category: 'Résiliation', missed: ['a', 'b'] },
      { category: 'Devis', missed: ['c'] },
    ]);
  });

  it('proposes words frequent in the missed messages and rare in the others', () => {
    const missed = [message('a', 'je veux arrêter mon contrat', []), message('b', 'merci de clôturer et arrêter le contrat', []), message('c', 'clôturer mon contrat', [])];
    const others = Array.from({ length: 20 }, (_, index) => message(`o${index}`, index === 0 ? 'arrêter la voiture, votre contrat' : 'un devis pour mon contrat', []));
    // "contrat" is everywhere; "arrêter" is in one other message of twenty (5 %), "clôturer" in none.
    // Best first: "clôturer" is in two missed messages and no other one, "arrêter" in two and one other.
    expect(distinctiveWords(missed, others)).toEqual(['clôturer', 'arrêter']);
    expect(distinctiveWords(missed, others, 0.3, 0)).toEqual(['clôturer']);
  });

  it('lists every way to loosen the rules of a missed category', () => {
    const relaxations = ruleRelaxations([categorization(config)], 'Résiliation').map((proposal) => proposal.change.relaxation);
    expect(relaxations).toEqual([
      { kind: 'dropCriterion', criterion: 0 },
      { kind: 'allowIncomplete', criterion: 0 },
      { kind: 'dropParameter', criterion: 0, parameter: 0 },
      { kind: 'dropCriterion', criterion: 1 },
    ]);
    expect(ruleRelaxations([categorization(config)], 'Devis')).toEqual([]);
  });
});

describe('comparing a change with the run', () => {
  it('counts what each value gains and loses and lists the messages that changed', () => {
    const comparison = compareOutcomes(
      [
        { messageId: 'a', name: 'a.eml', before: { categories: [row('Résiliation', 'FN'), row('Autre', 'FP')] }, after: { categories: [row('Résiliation', 'TP')] } },
        { messageId: 'b', name: 'b.eml', before: { categories: [row('Devis', 'TP')] }, after: { categories: [row('Devis', 'TP')] } },
      ],
      ['categories'],
    );
    expect(comparison.deltas).toEqual([
      { kind: 'categories', value: 'Résiliation', tp: 1, fp: 0, fn: -1 },
      { kind: 'categories', value: 'Autre', tp: 0, fp: -1, fn: 0 },
    ]);
    expect(comparison.changed.map((entry) => entry.messageId)).toEqual(['a']);
    expect(comparison.metrics.categories!.before.micro.f1).toBeLessThan(comparison.metrics.categories!.after.micro.f1);
  });
});

describe('field proposals', () => {
  const extraction: EnvironmentModule = {
    id: 'ext',
    type: 'extraction',
    name: 'Champs',
    inputType: null,
    context: null,
    active: true,
    requiredTaints: [],
    config: {
      fields: [
        { id: 'f1', name: 'numeroContrat', source: { type: 'regex', pattern: '[A-Z]{2}-\\d{5}', ignoreCase: false } },
        { id: 'f2', name: 'dateSinistre', source: { type: 'nluParameter', interaction: 'declarerSinistre', parameter: 'date' } },
        { id: 'f3', name: 'objet', source: { type: 'header', header: 'subject' } },
      ],
    },
  };

  it('names the fields the run missed, most missed first, never a special value', () => {
    const messages = [
      { messageId: 'a', rows: [row('numeroContrat', 'FN'), row('dateSinistre', 'FN'), row('NO_QUALIFIED', 'FN')] },
      { messageId: 'b', rows: [row('numeroContrat', 'FN'), row('dateSinistre', 'TP')] },
    ];
    expect(missedFields(messages)).toEqual([
      { field: 'numeroContrat', missed: ['a', 'b'] },
      { field: 'dateSinistre', missed: ['a'] },
    ]);
  });

  it('lists the ways to loosen each source that reads text, and saves one on the configuration as it is now', () => {
    expect(fieldRelaxations([extraction], 'numeroContrat').map((proposal) => proposal.change.relaxation)).toEqual(['ignoreCase']);
    expect(fieldRelaxations([extraction], 'dateSinistre').map((proposal) => proposal.change.relaxation)).toEqual(['allowIncomplete', 'readOther']);
    expect(fieldRelaxations([extraction], 'objet')).toEqual([]);
    expect(fieldRelaxations([{ ...extraction, active: false }], 'numeroContrat')).toEqual([]);
    const loosened = relaxedFieldConfig(extraction.config, { type: 'field', moduleId: 'ext', fieldId: 'f2', relaxation: 'readOther' });
    expect(loosened?.fields[1]!.source).toMatchObject({ type: 'nluParameter', read: 'text' });
    // Gone since the run, or already read so: nothing to save.
    expect(relaxedFieldConfig(extraction.config, { type: 'field', moduleId: 'ext', fieldId: 'gone', relaxation: 'ignoreCase' })).toBeNull();
    expect(relaxedFieldConfig(loosened, { type: 'field', moduleId: 'ext', fieldId: 'f1', relaxation: 'allowIncomplete' })).toBeNull();
  });
});
