/**
 * The output module's settings screen and live preview (spec §2.4 per-module
 * settings screens, §3 Output module options). The options are the module's `config`, validated by
 * `outputOptionsSchema` (environments.ts); these endpoints read and save one output module's
 * options, and rebuild the payload of an existing analysis with options not saved yet.
 *
 * Access (spec §6), as categorization's: reading and the preview are qualifier screens (the preview
 * shows what the analysis result shows); saving is configuration (and SRE, as the environment
 * settings).
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { MODULE_TYPES, environmentModuleSchema, outputOptionsSchema } from './environments';
import { pipelineMessageSchema } from './pipeline-messages';
import { OUTPUT_ERROR_CODES } from './error-code-lists';
export { OUTPUT_ERROR_CODES } from './error-code-lists';

export { outputOptionsSchema, type OutputOptions } from './environments';

/**
 * Why a field of the payload is empty (the payload's `unavailable` says it in English for programs;
 * the console translates the code). Params:
 * - extractorNotRun: the extractor did not run, no text was extracted;
 * - notAMail: the main file is not a mail (no email header);
 * - headersOff: the extractor's headers setting is off;
 * - moduleMissing `{ module }`: no module of that type in the pipeline;
 * - moduleInactive `{ module, name }`: the module is deactivated;
 * - moduleFailed `{ module, name, message, messageParts }`: it ran and failed (or was skipped with a reason);
 *   `message` is the stored reason in French (programs read it), `messageParts` its sentences (keys +
 *   parameters) that the console translates, so an English reader gets no French inside English;
 * - moduleNoResult `{ module, name }`: it is in the pipeline but produced nothing.
 */
export const OUTPUT_UNAVAILABLE_CODES = ['extractorNotRun', 'notAMail', 'headersOff', 'moduleMissing', 'moduleInactive', 'moduleFailed', 'moduleNoResult'] as const;
export type OutputUnavailableCode = (typeof OUTPUT_UNAVAILABLE_CODES)[number];

export const outputUnavailableSchema = z.object({
  /** The payload field that is empty (`documents`, `emailHeader`, `categories`, `nlu`, `extractedData`…). */
  field: z.string(),
  code: z.enum(OUTPUT_UNAVAILABLE_CODES),
  params: z
    .object({ module: z.enum(MODULE_TYPES).optional(), name: z.string().optional(), message: z.string().optional(), messageParts: pipelineMessageSchema.optional() })
    .default({}),
});
export type OutputUnavailable = z.infer<typeof outputUnavailableSchema>;

export type OutputErrorCode = (typeof OUTPUT_ERROR_CODES)[number];

const BASE = '/v4/console/api/environment/{envId}';
const envParams = z.object({ envId: z.string().min(1) });
const moduleParams = envParams.extend({ moduleId: z.string().min(1) });

export const outputSettingsSchema = z.object({
  module: environmentModuleSchema.omit({ config: true }).extend({ position: z.number().int().nonnegative() }),
  config: outputOptionsSchema,
  /**
   * Category names "categories to skip" can be picked among: the environment's categories and every
   * category (and default category) of its categorization modules, in that order, without repeats.
   */
  categories: z.array(z.string()),
});
export type OutputSettings = z.infer<typeof outputSettingsSchema>;

export const getOutputSettings = defineEndpoint({
  id: 'output.get',
  method: 'GET',
  path: `${BASE}/modules/{moduleId}/output`,
  summary: 'An output module of the environment with its options and the categories it may skip',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  response: outputSettingsSchema,
});

export const saveOutputSettings = defineEndpoint({
  id: 'output.save',
  method: 'PUT',
  path: `${BASE}/modules/{moduleId}/output`,
  summary: 'Replace the options of an output module',
  access: access.environment('envId', 'configurator', 'operations'),
  params: moduleParams,
  body: z.object({ config: outputOptionsSchema }),
  response: outputSettingsSchema,
});

export const outputPreviewSchema = z.object({
  /** The payload these options would give for the analysis, as a webhook or a program would read it. */
  payload: z.record(z.string(), z.unknown()),
  /** Why fields are empty, by code (the payload's `unavailable`, translatable). */
  unavailable: z.array(outputUnavailableSchema),
});
export type OutputPreview = z.infer<typeof outputPreviewSchema>;

export const previewOutput = defineEndpoint({
  id: 'output.preview',
  method: 'POST',
  path: `${BASE}/output/preview`,
  summary: "Rebuild an analysis's output payload from its stored module results with the given options; nothing is stored",
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  body: z.object({ analysisId: z.string().min(1).max(100), options: outputOptionsSchema }),
  response: outputPreviewSchema,
});

export const outputEndpoints: readonly Endpoint[] = [getOutputSettings, saveOutputSettings, previewOutput];
