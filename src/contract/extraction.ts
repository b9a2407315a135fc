/**
 * Information extraction endpoints: read and save one extraction module's configuration
 * with its checks, and run its tests. The settings are the module's `config`
 * (modules/extraction.ts).
 *
 * Access (spec §6), as categorization's: reading and testing are qualifier screens (provider SRE
 * reads and tests); saving is configurator (and SRE).
 *
 * Saves are refused (422, `code: 'extractionConfigurationInvalid'`, `messages`) when a message of
 * severity `error` concerns the module; the screen shows each message on its field.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { environmentModuleSchema } from './environments';
import { extractionConfigSchema, extractionTestCaseSchema, extractedValuesSchema, fieldErrorSchema } from './modules/extraction';
import { EXTRACTION_ERROR_CODES } from './error-code-lists';
export { EXTRACTION_ERROR_CODES } from './error-code-lists';

export * from './modules/extraction';

export * from './modules/extraction';

/**
 * Configuration message codes (all block the save). Params:
 * - fieldNameTaken `{ name }`: two fields share a technical name;
 * - snippetNameTaken `{ name }`: two named snippets share a name;
 * - unknownSnippet `{ field, snippet }`: a field names a snippet that is not declared;
 * - snippetSyntaxError `{ owner, line, message }`: "Syntax error in your configuration" (§8), in the
 *   snippet of a field or a named snippet (`owner`);
 * - badRegex `{ field, detail }`: the field's regular expression is refused (RE2 syntax, no
 *   back-references or look-arounds);
 * - unknownGroup `{ field, group }`: the group read does not exist in the pattern.
 */
export const EXTRACTION_MESSAGE_CODES = ['fieldNameTaken', 'snippetNameTaken', 'unknownSnippet', 'snippetSyntaxError', 'badRegex', 'unknownGroup'] as const;
export type ExtractionMessageCode = (typeof EXTRACTION_MESSAGE_CODES)[number];

export const extractionMessageSchema = z.object({
  code: z.enum(EXTRACTION_MESSAGE_CODES),
  severity: z.enum(['error', 'warning']),
  /** Where in the configuration (`['fields', '2', 'source']`), for the screen to point at. */
  path: z.array(z.string()),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}),
  /** English text, for programs and logs; the console translates `code`. */
  message: z.string(),
});
export type ExtractionMessage = z.infer<typeof extractionMessageSchema>;

export type ExtractionErrorCode = (typeof EXTRACTION_ERROR_CODES)[number];

const BASE = '/v4/console/api/environment/{envId}';
const envParams = z.object({ envId: z.string().min(1) });
const moduleParams = envParams.extend({ moduleId: z.string().min(1) });

export const extractionModuleHeaderSchema = environmentModuleSchema.omit({ config: true }).extend({ position: z.number().int().nonnegative() });

export const extractionSettingsSchema = z.object({
  module: extractionModuleHeaderSchema,
  config: extractionConfigSchema,
  messages: z.array(extractionMessageSchema),
  /** For the NLU parameter picker: the environment's interactions and their parameters. */
  interactions: z.array(z.object({ name: z.string(), context: z.string(), parameters: z.array(z.string()) })),
});
export type ExtractionSettings = z.infer<typeof extractionSettingsSchema>;

export const getExtractionSettings = defineEndpoint({
  id: 'extraction.get',
  method: 'GET',
  path: `${BASE}/modules/{moduleId}/extraction`,
  summary: 'An information extraction module of the environment with its configuration, messages and picker data',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  response: extractionSettingsSchema,
});

export const saveExtractionSettings = defineEndpoint({
  id: 'extraction.save',
  method: 'PUT',
  path: `${BASE}/modules/{moduleId}/extraction`,
  summary: 'Replace the configuration of an information extraction module (422 extractionConfigurationInvalid on a blocking message)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: moduleParams,
  body: z.object({ config: extractionConfigSchema }),
  response: extractionSettingsSchema,
});

/** One field of one test: what was expected, what came out. */
export const fieldCheckSchema = z.object({
  field: z.string(),
  expected: z.unknown(),
  obtained: z.unknown(),
  pass: z.boolean(),
});
export type FieldCheck = z.infer<typeof fieldCheckSchema>;

export const extractionTestCaseResultSchema = z.object({
  id: z.string(),
  /** Every field's value (per analysis; per document: the first document's that has the field found). */
  fields: extractedValuesSchema,
  errors: z.array(fieldErrorSchema),
  checks: z.array(fieldCheckSchema),
  /** Every check holds (a test without expected values passes when no field failed). */
  pass: z.boolean(),
  /** The test could not run (its analysis is gone…): a stable code, and no checks. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ExtractionTestCaseResult = z.infer<typeof extractionTestCaseResultSchema>;

export const extractionTestBodySchema = z.object({
  /** A configuration to try instead of the saved one (the editor's unsaved state). */
  config: extractionConfigSchema.optional(),
  /** The tests to run (default: the configuration's own `tests`). */
  cases: z.array(extractionTestCaseSchema).max(100).optional(),
});

export const testExtraction = defineEndpoint({
  id: 'extraction.test',
  method: 'POST',
  path: `${BASE}/modules/{moduleId}/extraction/test`,
  summary: "Run the environment's NLU and this extraction module on test texts or analyses without storing anything; answers pass/fail per field",
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  body: extractionTestBodySchema,
  response: z.object({ cases: z.array(extractionTestCaseResultSchema), messages: z.array(extractionMessageSchema) }),
});

export const extractionEndpoints: readonly Endpoint[] = [getExtractionSettings, saveExtractionSettings, testExtraction];
