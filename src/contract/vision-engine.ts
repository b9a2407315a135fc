/**
 * Vision engine endpoints: read and save one vision engine module's configuration (its
 * `config` in the environment settings, modules/vision-engine.ts), with whether this server has a
 * language model to send it to. The language model is the operator's setting (POSTROOM_LLM_*
 * environment variables): the console learns whether one is configured and its model name, never
 * its address or key.
 *
 * Access (spec §6), as the consolidation settings: reading is a qualifier screen (and provider SRE);
 * saving is configurator (and SRE).
 *
 * Error codes (besides the input and access ones): moduleNotFound (404) `{ moduleId }`,
 * wrongModuleType (409) `{ moduleId, type }` — the categorization ones, translated there.
 * The configuration's own check answers a 400 whose issues carry VISION_CONFIG_CODES as messages.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { environmentModuleSchema } from './environments';
import { visionEngineConfigSchema, visionEngineConfigShape } from './modules/vision-engine';

export * from './modules/vision-engine';

const BASE = '/v4/console/api/environment/{envId}';
const moduleParams = z.object({ envId: z.string().min(1), moduleId: z.string().min(1) });

export const llmStatusSchema = z.object({
  /** POSTROOM_LLM_BASE_URL is set on the server. */
  configured: z.boolean(),
  /** The chat model the server asks (POSTROOM_LLM_MODEL or its default); null when not configured. */
  model: z.string().nullable(),
});
export type LlmStatus = z.infer<typeof llmStatusSchema>;

export const visionEngineSettingsSchema = z.object({
  module: environmentModuleSchema.omit({ config: true }).extend({ position: z.number().int().nonnegative() }),
  /** The saved configuration; defaults when none was saved yet (not checked: a new module has no prompt). */
  config: visionEngineConfigShape,
  llm: llmStatusSchema,
});
export type VisionEngineSettings = z.infer<typeof visionEngineSettingsSchema>;

export const getVisionEngineSettings = defineEndpoint({
  id: 'visionEngine.get',
  method: 'GET',
  path: `${BASE}/modules/{moduleId}/vision-engine`,
  summary: 'A vision engine module of the environment with its configuration, and whether a language model is configured on the server',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  response: visionEngineSettingsSchema,
});

export const saveVisionEngineSettings = defineEndpoint({
  id: 'visionEngine.save',
  method: 'PUT',
  path: `${BASE}/modules/{moduleId}/vision-engine`,
  summary: 'Replace the configuration of a vision engine module',
  access: access.environment('envId', 'configurator', 'operations'),
  params: moduleParams,
  body: z.object({ config: visionEngineConfigSchema }),
  response: visionEngineSettingsSchema,
});

export const visionEngineEndpoints: readonly Endpoint[] = [getVisionEngineSettings, saveVisionEngineSettings];
