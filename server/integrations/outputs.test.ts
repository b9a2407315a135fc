/** Which analysis results go to which connector field (§3 Output field mapping), custom fields included. */
import { describe, expect, it } from 'vitest';
import type { ModuleResult } from '../../src/contract/analyses';
import { missingRequiredFields, writeBackFor } from './outputs';
import { isBlacklisted } from './drivers/types';

const modules: ModuleResult[] = [
  {
    moduleId: 'c',
    type: 'categorization',
    name: 'Catégorisation',
    outcome: 'success',
    message: null,
    result: {
      documents: [
        { source: 'body', categories: [{ category: 'Résiliation' }] },
        { source: 'attachment', categories: [{ category: 'Facture' }] },
      ],
    },
  },
  { moduleId: 'e', type: 'extraction', name: 'Extraction', outcome: 'success', message: null, result: { scope: 'analysis', fields: { contrat: 'AB-77812', vide: null }, documents: [] } },
  { moduleId: 'r', type: 'replyTemplate', name: 'Réponse', outcome: 'success', message: null, result: { draft: 'Bonjour' } },
];

describe('writeBackFor', () => {
  it('maps categories, extracted info into a custom field, and the draft', () => {
    const result = writeBackFor(
      modules,
      [
        { dataType: 'messageCategories', source: '', target: 'labels' },
        { dataType: 'attachmentCategories', source: '', target: 'attachmentLabels' },
        { dataType: 'extractedInfo', source: 'contrat', target: 'contract' },
        { dataType: 'extractedInfo', source: 'vide', target: 'labels' },
        { dataType: 'replyDraft', source: '', target: 'draft' },
      ],
      [{ id: 'f', label: 'Contrat', technicalName: 'contract', required: false, active: true, kind: 'body' }],
    );
    expect(result).toEqual({ tags: { labels: ['Résiliation'], attachmentLabels: ['Facture'], contract: ['contract/AB-77812'] }, draft: 'Bonjour' });
  });

  it('ignores an inactive custom field and its mappings, on a mailbox and on a record', () => {
    const mappings = [
      { dataType: 'messageCategories' as const, source: '', target: 'labels' },
      { dataType: 'extractedInfo' as const, source: 'contrat', target: 'contract' },
    ];
    const fields = [{ id: 'f', label: 'Contrat', technicalName: 'contract', required: true, active: false, kind: 'body' as const }];
    for (const asLabels of [true, false]) {
      const result = writeBackFor(modules, mappings, fields, asLabels);
      expect(result).toEqual({ tags: { labels: ['Résiliation'] }, draft: null });
      expect(missingRequiredFields(result, fields)).toEqual([]);
    }
  });

  it('writes nothing for a module that failed or a mapping without a draft', () => {
    const failed = modules.map((module) => ({ ...module, outcome: 'error' as const }));
    expect(writeBackFor(failed, [{ dataType: 'messageCategories', source: '', target: 'labels' }, { dataType: 'replyDraft', source: '', target: 'draft' }], [])).toEqual({ tags: { labels: [] }, draft: null });
  });
});

describe('isBlacklisted', () => {
  it('matches an address, a domain and its sub-domains, case-insensitively', () => {
    expect(isBlacklisted('Promo@Spam.example', ['spam.example'])).toBe(true);
    expect(isBlacklisted('a@news.spam.example', ['spam.example'])).toBe(true);
    expect(isBlacklisted('a@notspam.example', ['spam.example'])).toBe(false);
    expect(isBlacklisted('noreply@example.com', ['noreply@example.com'])).toBe(true);
    expect(isBlacklisted('reply@example.com', ['noreply@example.com'])).toBe(false);
  });
});

describe('missingRequiredFields', () => {
  const field = { id: 'f', label: 'Contrat', technicalName: 'contract', required: true, active: true, kind: 'body' as const };
  it('names the active required fields the analysis left empty, and only those', () => {
    expect(missingRequiredFields({ tags: { contract: [] }, draft: null }, [field])).toEqual(['contract']);
    expect(missingRequiredFields({ tags: {}, draft: null }, [field, { ...field, id: 'g', technicalName: 'idle', active: false }])).toEqual(['contract']);
    expect(missingRequiredFields({ tags: { contract: ['contract/AB-1'] }, draft: null }, [field, { ...field, id: 'h', technicalName: 'optional', required: false }])).toEqual([]);
  });
});
