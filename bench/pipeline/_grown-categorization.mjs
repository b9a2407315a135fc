/** The demo categorization grown to 200 categories × 5 rules, for the categorization bench. */
import { DEMO_CATEGORIZATION_CONFIG } from '../../server/db/seed-categorization.ts';

/** 200 categories × 5 rules: 196 synthetic categories, then the demo's 4 real ones (lowest priority). */
export function grownConfig() {
  const criteria = (i, j) => {
    switch (j % 5) {
      case 0:
        return [{ type: 'interaction', interaction: `interaction${i}`, parameters: [{ parameter: 'montant', condition: { operator: 'greaterThan', value: String(i * 100), valueType: 'number' } }] }];
      case 1:
        return [{ type: 'header', header: 'subject', condition: { operator: 'contains', value: `dossier ${i}` } }, { type: 'consolidationSource', source: 'body' }];
      case 2:
        return [{ type: 'metadata', key: 'canal', condition: { operator: 'oneOf', values: [`canal${i}`, `web${i}`] } }];
      case 3:
        return [{ type: 'interaction', interaction: 'declarerSinistre', parameters: [{ parameter: 'evenement', condition: { operator: 'equals', value: `evenement${i}` } }] }];
      default:
        return [{ type: 'interaction', interaction: 'resilierContrat', parameters: [{ parameter: 'date', condition: { operator: 'lessThan', value: '1990-01-01', valueType: 'date' } }] }, { type: 'category', category: `Catégorie ${i}` }];
    }
  };
  const synthetic = Array.from({ length: 196 }, (_, i) => ({
    id: `bench-${i}`,
    name: `Catégorie ${i}`,
    target: i % 2 === 0 ? 'body' : 'attachment',
    rules: Array.from({ length: 5 }, (_, j) => ({ id: `bench-${i}-${j}`, name: `regle${i}_${j}`, priority: 1 + i, combinator: j % 2 === 0 ? 'and' : 'or', criteria: criteria(i, j) })),
  }));
  const real = DEMO_CATEGORIZATION_CONFIG.categories
    .filter((category) => category.target === 'body')
    .map((category) => ({
      ...category,
      rules: Array.from({ length: 5 }, (_, j) => ({ ...category.rules[0], id: `${category.rules[0].id}-${j}`, priority: 1000 + j, criteria: j === 0 ? category.rules[0].criteria : criteria(j, j) })),
    }));
  return { ...DEMO_CATEGORIZATION_CONFIG, categories: [...synthetic, ...real] };
}

