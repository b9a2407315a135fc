/**
 * The demo NLU project's categorization and consolidation: one category per demo NLU
 * interaction (seed-nlu.ts) — "Déclaration de sinistre", "Résiliation", "Demande de devis",
 * "Changement d'adresse" — for the body and for attachments, default "Autre". A claim taints the
 * analysis `sinistre`. Consolidation keeps the body's category unless an attachment is a claim,
 * and labels each category for the mail connectors. Try it: docs/guide/use-case-categories.md.
 */
import type { CategorizationConfigInput } from '../../src/contract/modules/categorization';
import type { ConsolidationConfigInput } from '../../src/contract/modules/consolidation';

export const DEMO_DEFAULT_CATEGORY = 'Autre';

/** Category name → the demo interaction that decides it, its priority (1 first), its label. */
export const DEMO_CATEGORIES = [
  { name: 'Déclaration de sinistre', interaction: 'declarerSinistre', priority: 10, label: 'SINISTRE' },
  { name: 'Résiliation', interaction: 'resilierContrat', priority: 20, label: 'RESILIATION' },
  { name: 'Demande de devis', interaction: 'demanderDevis', priority: 30, label: 'DEVIS' },
  { name: "Changement d'adresse", interaction: 'changerAdresse', priority: 40, label: 'ADRESSE' },
] as const;

const slug = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]+/g, '-');

export const DEMO_CATEGORIZATION_CONFIG: CategorizationConfigInput = {
  defaultCategory: DEMO_DEFAULT_CATEGORY,
  categories: (['body', 'attachment'] as const).flatMap((target) =>
    DEMO_CATEGORIES.map((category) => ({
      id: `demo-${target}-${slug(category.name)}`,
      name: category.name,
      target,
      rules: [
        {
          // Rules are named after the interaction (§5 "a rule name should match a project rule").
          id: `demo-${target}-${category.interaction}`,
          name: category.interaction,
          priority: category.priority,
          criteria: [{ type: 'interaction' as const, interaction: category.interaction, context: 'assurance', parameters: [] }],
          taint: category.interaction === 'declarerSinistre' ? { name: 'sinistre', scope: 'analysis' as const } : null,
        },
      ],
    })),
  ),
};

export const DEMO_CONSOLIDATION_CONFIG: ConsolidationConfigInput = {
  workflowId: 'wf-demo-assurance',
  precedence: 'body',
  attachmentPrecedence: ['Déclaration de sinistre'],
  merge: 'winner',
  labels: DEMO_CATEGORIES.map((category) => ({ category: category.name, labels: [category.label] })),
};
