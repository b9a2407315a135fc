/**
 * The categorization module's outcome says why each category was given in the reader's language:
 * a French reader never sees `(rule "…")` or `(default)`; category and rule names stay as written.
 */
import { describe, expect, it } from 'vitest';
import type { CategorizationResult } from '../../../../src/contract/modules/categorization';
import { decodePipelineMessage } from '../../../../src/contract/pipeline-messages';
import { inEnglish, inFrench } from '../../../test-support/pipeline-text';
import { categorizationSummary } from '../../../../src/categorization/run-categorization';

const result: CategorizationResult = {
  documents: [
    {
      document: 0,
      documentName: 'mail.eml',
      source: 'body',
      page: null,
      categories: [
        { category: 'Déclaration de sinistre', categoryId: 'c1', target: 'body', explanation: { kind: 'rule', ruleId: 'r1', ruleName: 'declarerSinistre', priority: 1, combinator: 'and', held: [], taint: null } },
        { category: 'Autre', categoryId: null, target: 'body', explanation: { kind: 'default' } },
        { category: 'Urgent', categoryId: null, target: 'body', explanation: { kind: 'advanced', line: 2 } },
      ],
      taints: [],
    },
  ],
  taints: [],
  advancedErrors: [],
  documentsNotCategorized: 0,
};

describe('categorization summary', () => {
  it('stores why each category was given as keys, not English words', () => {
    const stored = categorizationSummary(result, 3, false);
    expect(stored).not.toMatch(/\(rule |\(default\)|\(advanced\)/);
    const document = decodePipelineMessage(stored)!.find((part) => part.key === 'categorization.document');
    expect(document?.params?.categories).toEqual([
      { key: 'categorization.byRule', params: { category: 'Déclaration de sinistre', rule: 'declarerSinistre' } },
      { key: 'categorization.byDefault', params: { category: 'Autre' } },
      { key: 'categorization.byAdvanced', params: { category: 'Urgent', line: 2 } },
    ]);
  });

  it('reads in French for a French reader and in English for an English one', () => {
    const stored = categorizationSummary(result, 3, false);
    expect(inFrench(stored)).toBe(
      'Catégories configurées : 3. mail.eml : Déclaration de sinistre (règle « declarerSinistre »), Autre (catégorie par défaut), Urgent (catégorisation avancée, ligne 2).',
    );
    expect(inEnglish(stored)).toBe(
      'Categories configured: 3. mail.eml: Déclaration de sinistre (rule "declarerSinistre"), Autre (default category), Urgent (advanced categorization, line 2).',
    );
  });
});
