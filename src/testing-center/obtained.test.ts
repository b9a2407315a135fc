import { describe, expect, it } from 'vitest';
import type { ModuleResult } from '../contract/analyses';
import { DEFAULT_TESTING_CENTER_PARAMETERS, expectedValuesSchema, qualificationOf, type TestingCenterParameters } from '../contract/testing-center';
import { obtainedFromModules, typedValueOf } from './obtained';

const decision = (category: string) => ({ category, categoryId: null, target: 'body' as const, explanation: { kind: 'default' as const } });

const categorization: ModuleResult = {
  moduleId: 'c',
  type: 'categorization',
  name: 'Categories',
  outcome: 'success',
  message: null,
  result: {
    documents: [
      { document: 0, documentName: 'mail.eml', source: 'main', page: null, categories: [decision('Claim')], taints: [] },
      { document: 1, documentName: 'invoice.pdf', source: 'attachment', page: null, categories: [decision('Invoice'), decision('Quote')], taints: [] },
    ],
    taints: [],
    advancedErrors: [],
    documentsNotCategorized: 0,
  },
};

const extraction: ModuleResult = {
  moduleId: 'e',
  type: 'extraction',
  name: 'Fields',
  outcome: 'success',
  message: null,
  result: {
    scope: 'documents',
    fields: null,
    errors: [],
    documents: [
      { document: 0, documentName: 'mail.eml', source: 'main', fields: { contract: 'C-12', amount: 120.5, urgent: true, missing: null }, errors: [] },
      { document: 1, documentName: 'invoice.pdf', source: 'attachment', fields: { total: 99 }, errors: [] },
    ],
  },
};

describe('obtainedFromModules', () => {
  it('turns categories and extracted fields into typed entries per classification kind', () => {
    const obtained = obtainedFromModules([categorization, extraction]);
    expect(obtained.categories).toEqual([{ key: 'category', document: null, format: 'string', value: 'Claim' }]);
    expect(obtained.attachments_categories).toEqual([{ key: 'category', document: 'invoice.pdf', format: 'array', value: ['Invoice', 'Quote'] }]);
    expect(obtained.extracted_informations).toEqual([
      { key: 'contract', document: null, format: 'string', value: 'C-12' },
      { key: 'amount', document: null, format: 'number', value: 120.5 },
      { key: 'urgent', document: null, format: 'boolean', value: true },
    ]);
    expect(obtained.extracted_informations_attachments).toEqual([{ key: 'total', document: 'invoice.pdf', format: 'number', value: 99 }]);
    // What it gives is a valid expectation once wrapped, so "add to testing center" can store it.
    expect(expectedValuesSchema.safeParse({ categories: { qualified: false, values: obtained.categories } }).success).toBe(true);
  });

  it('reads the values only: a replay whose extraction says where the values stand obtains what a stored run without evidence did', () => {
    const stored = extraction.result as { documents: { evidence?: unknown }[] };
    const span = { document: 0, block: 0, start: 0, end: 4 };
    const withEvidence = { ...extraction, result: { ...stored, evidence: {}, documents: stored.documents.map((doc, index) => ({ ...doc, evidence: index === 0 ? { contract: [span] } : {} })) } };
    expect(obtainedFromModules([categorization, withEvidence])).toEqual(obtainedFromModules([categorization, extraction]));
  });

  it('ignores modules that failed and lets consolidation decide the message category', () => {
    const failed = { ...extraction, outcome: 'error' as const };
    const consolidation: ModuleResult = {
      moduleId: 'k',
      type: 'consolidation',
      name: 'Final',
      outcome: 'success',
      message: null,
      result: { workflowId: 'w', categories: [{ category: 'Complaint', reason: 'only', from: { moduleId: 'c', document: 0, documentName: 'mail.eml', source: 'main', page: null }, decision: decision('Complaint'), labels: [] }], labels: [], taints: [] },
    };
    const obtained = obtainedFromModules([categorization, failed, consolidation]);
    expect(obtained.extracted_informations).toEqual([]);
    expect(obtained.categories).toEqual([{ key: 'category', document: null, format: 'string', value: 'Complaint' }]);
  });

  it('types plain values by format', () => {
    expect(typedValueOf(['a', 2, { x: 1 }])).toEqual({ format: 'array', value: ['a', 2] });
    expect(typedValueOf({ a: 1 })).toEqual({ format: 'object', value: { a: 1 } });
    expect(typedValueOf(null)).toBeNull();
  });
});

describe('qualificationOf', () => {
  const ignoringAllBut = (...kept: string[]): TestingCenterParameters => ({
    kinds: Object.fromEntries(
      Object.entries(DEFAULT_TESTING_CENTER_PARAMETERS.kinds).map(([kind, settings]) => [kind, { ...settings, ignored: !kept.includes(kind) }]),
    ) as TestingCenterParameters['kinds'],
  });
  it('is qualified when every counted kind is, partially when some are, not qualified when none', () => {
    const params = ignoringAllBut('categories', 'extracted_informations');
    expect(qualificationOf({}, params)).toBe('notQualified');
    expect(qualificationOf({ categories: { qualified: true, values: [] } }, params)).toBe('partiallyQualified');
    expect(qualificationOf({ categories: { qualified: true, values: [] }, extracted_informations: { qualified: true, values: [] } }, params)).toBe('qualified');
    // An ignored kind neither helps nor hinders.
    expect(qualificationOf({ rpa: { qualified: true, values: [] } }, params)).toBe('notQualified');
  });
});
