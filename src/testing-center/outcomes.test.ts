import { describe, expect, it } from 'vitest';
import { EMPTY_DOMAIN_RULES, type DomainRules } from '../contract/testing-evaluation';
import { evaluateKind } from './outcomes';

const entries = (...values: string[]) => values.map((value) => ({ key: 'category', document: null, format: 'string' as const, value }));
const expected = (...values: string[]) => ({ qualified: true, values: entries(...values) });
const fields = (record: Record<string, unknown>) =>
  Object.entries(record).map(([key, value]) => ({ key, document: null, format: (Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : 'string') as 'array' | 'number' | 'string', value }));
const str = { mode: 'exact' as const, tolerance: 0, insensitiveElements: false };
const pick = (rows: { value: string; outcome: string; rule: string }[]) => rows.map(({ value, outcome, rule }) => `${outcome} ${value} ${rule}`);
const rules = (v1: Partial<DomainRules['v1']>, kinds: DomainRules['v2']['kinds'] = []): DomainRules => ({
  v1: { inScope: [], skipped: [], merged: [], ...v1 },
  v2: { kinds },
});

describe('label kinds', () => {
  it('counts TP, FP and FN by the set rule', () => {
    expect(pick(evaluateKind('categories', expected('A', 'B'), entries('B', 'C'), EMPTY_DOMAIN_RULES))).toEqual(['FN A exact', 'TP B exact', 'FP C exact']);
  });
  it('NO_QUALIFIED: a message not qualified for the kind is one NO_QUALIFIED false negative', () => {
    const rows = evaluateKind('categories', undefined, entries('A'), EMPTY_DOMAIN_RULES);
    expect(pick(rows)).toEqual(['FN NO_QUALIFIED noQualified']);
    expect(rows[0]!.obtained).toEqual(['A']);
  });
  it('NO_CATEGORY: nothing obtained, or nothing expected, stands as NO_CATEGORY', () => {
    expect(pick(evaluateKind('categories', expected('A'), entries(), EMPTY_DOMAIN_RULES))).toEqual(['FN A exact', 'FP NO_CATEGORY noCategoryObtained']);
    expect(pick(evaluateKind('categories', expected('A'), undefined, EMPTY_DOMAIN_RULES))).toEqual(['FN A exact', 'FP NO_CATEGORY noCategoryObtained']);
    expect(pick(evaluateKind('categories', expected(), entries(), EMPTY_DOMAIN_RULES))).toEqual(['TP NO_CATEGORY noCategoryExpected']);
    expect(pick(evaluateKind('categories', expected(), entries('B'), EMPTY_DOMAIN_RULES))).toEqual(['FN NO_CATEGORY noCategoryExpected', 'FP B exact']);
  });
  it('NO_DOMAIN_RULE: with categories in scope, one outside every rule counts as NO_DOMAIN_RULE', () => {
    const scoped = rules({ inScope: ['A', 'B'] });
    expect(pick(evaluateKind('categories', expected('A'), entries('Z'), scoped))).toEqual(['FN A exact', 'FP NO_DOMAIN_RULE v1.noDomainRule']);
    expect(pick(evaluateKind('categories', expected('Y'), entries('Z'), scoped))).toEqual(['FN NO_DOMAIN_RULE v1.noDomainRule', 'FP NO_DOMAIN_RULE v1.noDomainRule']);
    expect(pick(evaluateKind('categories', expected('Y'), entries('y'), scoped))).toEqual(['FN NO_DOMAIN_RULE v1.noDomainRule', 'FP NO_DOMAIN_RULE v1.noDomainRule']);
    expect(pick(evaluateKind('categories', expected('Y'), entries('Y'), scoped))).toEqual(['TP NO_DOMAIN_RULE v1.noDomainRule']);
  });
  it('v1 merged: the merged category counts as its target', () => {
    const merged = rules({ inScope: ['Claims'], merged: [{ from: 'Claims-urgent', into: 'Claims' }] });
    expect(pick(evaluateKind('categories', expected('Claims'), entries('Claims-urgent'), merged))).toEqual(['TP Claims v1.merged']);
  });
  it('v1 skipped: removed from both sides; a message expecting only skipped categories is out', () => {
    const skipped = rules({ skipped: ['Spam'] });
    expect(pick(evaluateKind('categories', expected('Spam'), entries('A'), skipped))).toEqual(['SKIPPED Spam v1.skipped']);
    expect(pick(evaluateKind('categories', expected('A'), entries('Spam'), skipped))).toEqual(['SKIPPED Spam v1.skipped', 'FN A exact', 'FP NO_CATEGORY noCategoryObtained']);
  });
  it('v2 insensitive on labels: case and accents do not count', () => {
    const insensitive = rules({}, [{ kind: 'categories', formats: { string: { mode: 'insensitive', tolerance: 0, insensitiveElements: false } }, fields: [], onlyListedFields: false }]);
    expect(pick(evaluateKind('categories', expected('Résiliation'), entries('RESILIATION'), insensitive))).toEqual(['TP Résiliation v2.insensitive']);
    expect(pick(evaluateKind('categories', expected('Résiliation'), entries('RESILIATION'), EMPTY_DOMAIN_RULES))).toEqual(['FN Résiliation exact', 'FP RESILIATION exact']);
  });
});

describe('qualification and attachments', () => {
  it('an expectation not confirmed by a qualifier counts as NO_QUALIFIED', () => {
    expect(pick(evaluateKind('categories', { qualified: false, values: entries('A') }, entries('A'), EMPTY_DOMAIN_RULES))).toEqual(['FN NO_QUALIFIED noQualified']);
  });
  it('attachment kinds are evaluated attachment by attachment', () => {
    const at = (document: string, value: string) => ({ key: 'category', document, format: 'string' as const, value });
    const rows = evaluateKind('attachments_categories', { qualified: true, values: [at('a.pdf', 'Invoice'), at('b.pdf', 'Id')] }, [at('a.pdf', 'Invoice'), at('b.pdf', 'Invoice')], EMPTY_DOMAIN_RULES);
    expect(rows.map((row) => `${row.document} ${row.outcome} ${row.value}`)).toEqual(['a.pdf TP Invoice', 'b.pdf FN Id', 'b.pdf FP Invoice']);
  });
});

describe('field kinds', () => {
  const fieldRules = rules({}, [
    {
      kind: 'extracted_informations',
      formats: { string: { mode: 'insensitive', tolerance: 0, insensitiveElements: false } },
      fields: [
        { field: 'amount', comparison: { mode: 'tolerance', tolerance: 0.01, insensitiveElements: false } },
        { field: 'date', comparison: { mode: 'sameDay', tolerance: 0, insensitiveElements: false } },
        { field: 'refs', comparison: { mode: 'set', tolerance: 0, insensitiveElements: false } },
      ],
      onlyListedFields: false,
    },
  ]);
  it('compares each field by its rule: wrong value is one FN and one FP, missing is FN, extra is FP', () => {
    const rows = evaluateKind(
      'extracted_informations',
      { qualified: true, values: fields({ amount: 12.5, date: '2024-03-05', refs: ['X', 'Y'], name: 'Élodie', policy: 'P-1' }) },
      fields({ amount: '12,504', date: '05/03/2024', refs: ['Y', 'X'], name: 'ELODIE', iban: 'FR76' }),
      fieldRules,
    );
    expect(pick(rows)).toEqual(['TP amount v2.tolerance', 'TP date v2.sameDay', 'FP iban v2.insensitive', 'TP name v2.insensitive', 'FN policy v2.insensitive', 'TP refs v2.set']);
    const wrong = evaluateKind('extracted_informations', { qualified: true, values: fields({ amount: 12.5 }) }, fields({ amount: 13 }), fieldRules);
    expect(pick(wrong)).toEqual(['FN amount v2.tolerance', 'FP amount v2.tolerance']);
  });
  it('only listed fields: a field without a rule counts as NO_DOMAIN_RULE', () => {
    const only = rules({}, [{ kind: 'rpa', formats: {}, fields: [{ field: 'action', comparison: str }], onlyListedFields: true }]);
    expect(pick(evaluateKind('rpa', { qualified: true, values: fields({ action: 'close', other: 1 }) }, fields({ action: 'close', other: 2 }), only))).toEqual([
      'TP action v2.exact',
      'FN NO_DOMAIN_RULE v2.noDomainRule',
      'FP NO_DOMAIN_RULE v2.noDomainRule',
    ]);
  });
  it('not qualified: NO_QUALIFIED', () => {
    expect(pick(evaluateKind('rpa', undefined, fields({ action: 'close' }), EMPTY_DOMAIN_RULES))).toEqual(['FN NO_QUALIFIED noQualified']);
  });
});
