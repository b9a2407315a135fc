/**
 * Categorization and consolidation endpoints, and the configuration messages of §5/§8
 * they answer. The settings themselves are the modules' `config` (modules/categorization.ts,
 * modules/consolidation.ts); these endpoints read and save one module's configuration with the
 * checks a plain settings save would not explain, and run the categorization test.
 *
 * Access (spec §6), as the NLU's: reading, the check and the test are qualifier screens (provider
 * SRE reads and tests the configurations it operates); saving is configurator (and SRE, as the
 * environment settings).
 *
 * Saves are refused (422, `code: 'configurationInvalid'`, `messages`) when a message of severity
 * `error` concerns the module saved; warnings are answered with the saved configuration. The same
 * checks run on `environments.updateSettings`, `environments.import` and `versions.restore` writes of
 * the modules (server/categorization/checks.ts), with the same 422.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { environmentModuleSchema, languageSchema } from './environments';
import { categorizationConfigSchema, categorizationResultSchema } from './modules/categorization';
import { consolidationConfigSchema, consolidationResultSchema } from './modules/consolidation';
import { nluResultSchema } from './modules/nlu';
import { CATEGORIZATION_ERROR_CODES } from './error-code-lists';
export { CATEGORIZATION_ERROR_CODES } from './error-code-lists';

export * from './modules/categorization';
export * from './modules/consolidation';

/**
 * Codes of configuration messages (§5 validation, §8 configuration messages). Params:
 * - classificationNameTaken `{ name }`: two categories of one module share a name (§5);
 * - categoryNameEmpty `{ index }`: a category (position in the list) has no name (§5);
 * - categoryRenameUnchanged `{ name }`: the rename dialog was saved with the same name (§5);
 * - defaultCategoryEmpty: a default category made of spaces;
 * - ruleNameNotInProject `{ rule, category }` (warning): a rule's name is the name of no NLU interaction
 *   of the environment — original-platform rules are named after the project's rules, i.e. its
 *   interactions (§5 "a rule name should match a project rule");
 * - unknownInteraction `{ rule, interaction }` (warning): a criterion names an interaction that does not
 *   exist (the rule can never hold on it);
 * - advancedSyntaxError `{ line, message }`: "Syntax error in your configuration" (§5, §8);
 * - categorizationNeedsServer: no NLU server in the environment (§5 "at least one server");
 * - categorizationNeedsAiVersion `{ server, version, minimum }`: no server has AI version ≥ 5 (§5, §9);
 * - categorizationNeedsV5 `{ server }`: the server with AI version ≥ 5 answers in V4 (§5);
 * - missingTaints `{ module, taints }` (§8): a module waits for taints no earlier module produces;
 * - incompatibleInputType `{ module, inputType, needs }` (§8): the module's input type is not one its
 *   type accepts, or asks for documents no earlier module handled (categorization of attachments
 *   after an NLU module limited to the body);
 * - categorizationNotActivated `{ module }` (§8, warning): a consolidation module has no active
 *   categorization module before it;
 * - visionEngineMissing `{ module, rule }` (warning): a rule reads the vision engine's answer but no
 *   active vision engine module runs before the categorization module (the criterion never holds).
 * Severities (src/categorization/checks.ts): names, empty names, the default category, the advanced
 * syntax, the compatibility (§5) and an input type given to a module that takes none are errors;
 * the rule-name, unknown-interaction, missing-taints, NLU-input-type and not-activated messages
 * are warnings (the configuration can still run; a taint may be added by a rule saved next).
 */
export const CATEGORIZATION_MESSAGE_CODES = [
  'classificationNameTaken',
  'categoryNameEmpty',
  'categoryRenameUnchanged',
  'defaultCategoryEmpty',
  'ruleNameNotInProject',
  'unknownInteraction',
  'advancedSyntaxError',
  'categorizationNeedsServer',
  'categorizationNeedsAiVersion',
  'categorizationNeedsV5',
  'missingTaints',
  'incompatibleInputType',
  'categorizationNotActivated',
  'visionEngineMissing',
] as const;
export type CategorizationMessageCode = (typeof CATEGORIZATION_MESSAGE_CODES)[number];

/** §9: categorization needs AI version 5 or higher. */
export const CATEGORIZATION_MIN_AI_VERSION = 5;

export const configurationMessageSchema = z.object({
  code: z.enum(CATEGORIZATION_MESSAGE_CODES),
  /** `error` blocks the save; `warning` is shown and saved. */
  severity: z.enum(['error', 'warning']),
  /** The module it concerns (null: the environment). */
  moduleId: z.string().nullable(),
  /** Where in the module's configuration (`['categories', '2', 'name']`), for the screen to point at. */
  path: z.array(z.string()).default([]),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])).default({}),
  /** English text, for programs and logs; the console translates `code`. */
  message: z.string(),
});
export type ConfigurationMessage = z.infer<typeof configurationMessageSchema>;

export type CategorizationErrorCode = (typeof CATEGORIZATION_ERROR_CODES)[number];

const BASE = '/v4/console/api/environment/{envId}';
const envParams = z.object({ envId: z.string().min(1) });
const moduleParams = envParams.extend({ moduleId: z.string().min(1) });

/** The module as listed in the environment (name, input type, context, active, requiredTaints…) without its config. */
export const moduleHeaderSchema = environmentModuleSchema.omit({ config: true }).extend({ position: z.number().int().nonnegative() });

export const categorizationSettingsSchema = z.object({
  module: moduleHeaderSchema,
  config: categorizationConfigSchema,
  messages: z.array(configurationMessageSchema),
  /** For the criteria builder's pickers (never free text): the environment's NLU interactions. */
  interactions: z.array(z.object({ name: z.string(), context: z.string(), parameters: z.array(z.string()) })),
  /** Categories given by earlier categorization modules, for the "category already given" picker. */
  earlierCategories: z.array(z.object({ name: z.string(), target: z.enum(['body', 'attachment']), module: z.string() })),
  /** Taints earlier modules can produce, for the module's "limited to taints" picker. */
  earlierTaints: z.array(z.string()),
});
export type CategorizationSettings = z.infer<typeof categorizationSettingsSchema>;

/**
 * A body carrying a module's configuration: categories with their rules and an advanced program of
 * up to 100 000 characters. A form's 64 KiB cannot hold the largest valid one.
 */
export const MODULE_CONFIG_BODY_LIMIT = 2 * 1024 * 1024;

export const getCategorizationSettings = defineEndpoint({
  id: 'categorization.get',
  method: 'GET',
  path: `${BASE}/modules/{moduleId}/categorization`,
  summary: 'A categorization module of the environment with its configuration, messages and picker data',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  response: categorizationSettingsSchema,
});

export const saveCategorizationSettings = defineEndpoint({
  id: 'categorization.save',
  method: 'PUT',
  path: `${BASE}/modules/{moduleId}/categorization`,
  summary: 'Replace the configuration of a categorization module (422 configurationInvalid on a blocking message)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: moduleParams,
  body: z.object({ config: categorizationConfigSchema }),
  bodyLimit: MODULE_CONFIG_BODY_LIMIT,
  response: categorizationSettingsSchema,
});

export const consolidationSettingsSchema = z.object({
  module: moduleHeaderSchema,
  config: consolidationConfigSchema,
  messages: z.array(configurationMessageSchema),
  /** Every category the categorization modules before it can give (pickers for precedence and labels). */
  categories: z.array(z.object({ name: z.string(), target: z.enum(['body', 'attachment']), module: z.string() })),
});
export type ConsolidationSettings = z.infer<typeof consolidationSettingsSchema>;

export const getConsolidationSettings = defineEndpoint({
  id: 'consolidation.get',
  method: 'GET',
  path: `${BASE}/modules/{moduleId}/consolidation`,
  summary: 'A consolidation module of the environment with its configuration and messages',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  response: consolidationSettingsSchema,
});

export const saveConsolidationSettings = defineEndpoint({
  id: 'consolidation.save',
  method: 'PUT',
  path: `${BASE}/modules/{moduleId}/consolidation`,
  summary: 'Replace the configuration of a consolidation module (an empty workflowId is created)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: moduleParams,
  body: z.object({ config: consolidationConfigSchema }),
  bodyLimit: MODULE_CONFIG_BODY_LIMIT,
  response: consolidationSettingsSchema,
});

export const checkCategorization = defineEndpoint({
  id: 'categorization.check',
  method: 'GET',
  path: `${BASE}/categorization/check`,
  summary: 'Every categorization, consolidation and taint message of the environment (§5, §8)',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  response: z.object({ messages: z.array(configurationMessageSchema) }),
});

export const categorizationTestBodySchema = z
  .object({
    /** A text to analyse as a mail body. */
    text: z.string().max(100_000).optional(),
    /** Or an analysis of the environment: its extracted documents, headers and metadata. */
    analysisId: z.string().min(1).max(100).optional(),
    /** The categorization module to run (default: the first active one). */
    moduleId: z.string().min(1).max(64).optional(),
    /** A configuration to try instead of the saved one (the editor's unsaved state). */
    config: categorizationConfigSchema.optional(),
    language: languageSchema.optional(),
  })
  .refine((body) => body.text !== undefined || body.analysisId !== undefined, { message: 'Give text or analysisId' });

export const categorizationTestResultSchema = z.object({
  moduleId: z.string(),
  /** The NLU results the categorization used, per document and block. */
  nlu: z.array(z.object({ document: z.number().int(), documentName: z.string(), page: z.number().int().nullable(), result: nluResultSchema })),
  result: categorizationResultSchema,
  /** What consolidation would make of it (null without an active consolidation module after it). */
  consolidation: consolidationResultSchema.nullable(),
  /** Blocking messages of the configuration tested (the advanced program's syntax error among them). */
  messages: z.array(configurationMessageSchema),
});
export type CategorizationTestResult = z.infer<typeof categorizationTestResultSchema>;

export const testCategorization = defineEndpoint({
  id: 'categorization.test',
  method: 'POST',
  path: `${BASE}/categorization/test`,
  summary: 'Run NLU and categorization on a text or an analysis without storing anything; answers categories with explanations',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  body: categorizationTestBodySchema,
  bodyLimit: MODULE_CONFIG_BODY_LIMIT,
  response: categorizationTestResultSchema,
});

export const categorizationEndpoints: readonly Endpoint[] = [
  getCategorizationSettings,
  saveCategorizationSettings,
  getConsolidationSettings,
  saveConsolidationSettings,
  checkCategorization,
  testCategorization,
];
