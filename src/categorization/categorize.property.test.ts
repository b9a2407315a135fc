/** Property: on any configuration the contract accepts and any NLU results, the engine never throws. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorizationConfigSchema } from '../contract/modules/categorization';
import { consolidationConfigSchema } from '../contract/modules/consolidation';
import { categorize } from './categorize';
import { consolidate } from './consolidate';
import { found, input } from './test-fixtures';

const word = fc.constantFrom('declarerSinistre', 'resilierContrat', 'montant', 'date', 'A', 'b', '', '12,5', '2026-03-01', '01/02/2026', 'x*y', 'é');
const condition = fc.oneof(
  fc.record({ operator: fc.constant('exists') }),
  fc.record({ operator: fc.constantFrom('equals', 'contains'), value: word }),
  fc.record({ operator: fc.constant('oneOf'), values: fc.array(word, { minLength: 1, maxLength: 3 }) }),
  fc.record({ operator: fc.constantFrom('greaterThan', 'lessThan'), value: word, valueType: fc.constantFrom('number', 'date') }),
);
const criterion = fc.oneof(
  fc.record({ type: fc.constant('interaction'), interaction: word.filter(Boolean), complete: fc.boolean(), parameters: fc.array(fc.record({ parameter: word.filter(Boolean), condition }), { maxLength: 2 }) }),
  fc.record({ type: fc.constant('category'), category: word.filter(Boolean), scope: fc.constantFrom('body', 'attachment', 'any') }),
  fc.record({ type: fc.constant('extractedData'), field: word.filter(Boolean), condition }),
  fc.record({ type: fc.constant('consolidationSource'), source: fc.constantFrom('body', 'attachment', 'any'), fileName: fc.option(word) }),
  fc.record({ type: fc.constant('header'), header: fc.constantFrom('from', 'subject'), condition }),
  fc.record({ type: fc.constant('metadata'), key: word.filter(Boolean), condition }),
);
const ruleArb = fc.record({
  id: fc.uuid(),
  name: word.filter(Boolean),
  priority: fc.integer({ min: 0, max: 5 }),
  enabled: fc.boolean(),
  combinator: fc.constantFrom('and', 'or'),
  criteria: fc.array(criterion, { maxLength: 3 }),
  taint: fc.option(fc.record({ name: fc.constantFrom('t1', 't2'), scope: fc.constantFrom('document', 'analysis') })),
});
const configArb = fc.record({
  defaultCategory: fc.option(word),
  categories: fc.array(
    fc.record({ id: fc.uuid(), name: word, target: fc.constantFrom('body', 'attachment'), enabled: fc.boolean(), rules: fc.array(ruleArb, { maxLength: 3 }) }),
    { maxLength: 4 },
  ),
  advanced: fc.record({ enabled: fc.boolean(), program: fc.constantFrom('', '{{ document.name }}', '{% if %}', '{% for i in (1..3) %}{{ i }}\n{% endfor %}') }),
});
const nluArb = fc.array(
  fc.tuple(word.filter(Boolean), fc.dictionary(word.filter(Boolean), fc.array(word, { maxLength: 2 })), fc.boolean()).map(([id, parameters, complete]) => found(id, parameters, complete)),
  { maxLength: 3 },
);
const documentsArb = fc.array(
  fc.record({ source: fc.constantFrom('main', 'body', 'attachment'), pages: fc.array(nluArb, { minLength: 1, maxLength: 3 }), paged: fc.boolean() }),
  { maxLength: 3 },
);

describe('categorize (property)', () => {
  it('never throws, and gives every selected unit a list of categories', () => {
    fc.assert(
      fc.property(configArb, documentsArb, fc.boolean(), fc.boolean(), fc.constantFrom(null, 'body', 'attachment', 'both'), (raw, docs, multi, perPage, inputType) => {
        const config = categorizationConfigSchema.parse(raw);
        const documents = docs.map((d, index) => ({
          index,
          name: `f${index}.pdf`,
          source: d.source,
          blocks: d.pages.map((interactions, page) => ({ page: d.paged ? page + 1 : null, text: 't', interactions })),
        }));
        const result = categorize(
          input(config, documents, { multiCategory: multi, attachmentCategoriesPerPage: perPage, inputType, headers: { from: 'a@b' }, metadata: { A: 'b' } }),
        );
        for (const doc of result.documents) {
          if (!multi && !config.advanced.enabled) expect(doc.categories.length).toBeLessThanOrEqual(1);
          expect(new Set(doc.categories.map((c) => c.category)).size).toBe(doc.categories.length);
        }
        const consolidated = consolidate({ config: consolidationConfigSchema.parse({}), workflowId: 'w', results: [{ moduleId: 'm', result }], taints: result.taints });
        expect(consolidated.categories.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});
