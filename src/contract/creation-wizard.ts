/**
 * The advanced creation wizard (spec §2.4 Configuration, §5 Advanced creation): an
 * archetype, an interaction that uses it, its interaction functions and a category whose rule tests
 * the interaction, created in ONE transaction — nothing is half made. The console's steps fill this
 * body; its review step then runs a test sentence through the saved chain with `categorization.test`.
 *
 * §5: it needs at least one context (`wizardNeedsContext`, 409) and refuses names already used
 * (`wizardNameTaken` 409 `{ kind, name }`); the console warns about those before the review.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { categoryNameSchema, categoryTargetSchema } from './modules/categorization';
import { nluLanguageSchema } from './modules/nlu';
import { interactionFunctionInputSchema, nluNameSchema } from './nlu-entities';
import { WIZARD_ERROR_CODES } from './error-code-lists';
export { WIZARD_ERROR_CODES } from './error-code-lists';

/** What a taken name belongs to (the §5 warning names it). */
export const WIZARD_NAME_KINDS = ['archetype', 'interaction', 'function', 'category'] as const;
export type WizardNameKind = (typeof WIZARD_NAME_KINDS)[number];

export type WizardErrorCode = (typeof WIZARD_ERROR_CODES)[number];

export const wizardBodySchema = z.object({
  /** The context (its id) the interaction goes in. */
  contextId: z.string().min(1).max(64),
  archetype: z.object({
    name: nluNameSchema,
    language: nluLanguageSchema,
    /** The archetype's dictionary in that language (one expression per line; docs/guide/use-case-nlu.md). */
    dictionary: z.string().trim().min(1).max(20_000),
  }),
  interaction: z.object({
    name: nluNameSchema,
    /** Its one parameter, filled by the archetype. */
    parameter: nluNameSchema,
    comment: z.string().max(2000).default(''),
  }),
  /** Interaction functions created with it and required by it (may be none). */
  functions: z.array(interactionFunctionInputSchema).max(10).default([]),
  category: z.object({
    /** The categorization module the category goes in. */
    moduleId: z.string().min(1).max(64),
    name: categoryNameSchema.min(1),
    target: categoryTargetSchema.default('body'),
    /** The rule testing the interaction; named after it by default (§5 "a rule name should match a project rule"). */
    ruleName: z.string().trim().min(1).max(100).optional(),
  }),
});
export type WizardBody = z.input<typeof wizardBodySchema>;
/** The body as the server reads it (every default filled): what the console sends. */
export type WizardRequest = z.infer<typeof wizardBodySchema>;

export const wizardResultSchema = z.object({
  archetypeId: z.string(),
  interactionId: z.string(),
  functionIds: z.array(z.string()),
  moduleId: z.string(),
  categoryId: z.string(),
  ruleId: z.string(),
});
export type WizardResult = z.infer<typeof wizardResultSchema>;

export const runCreationWizard = defineEndpoint({
  id: 'configuration.wizard',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/configuration/wizard',
  summary: 'Create an archetype, an interaction, its functions and a category testing it, in one transaction',
  access: access.environment('envId', 'configurator'),
  params: z.object({ envId: z.string().min(1) }),
  body: wizardBodySchema,
  response: wizardResultSchema,
});

export const creationWizardEndpoints: readonly Endpoint[] = [runCreationWizard];
