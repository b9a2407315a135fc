/**
 * Vision engine settings (src/contract/vision-engine.ts): one module's `config` in the
 * environment settings, read and replaced through the same guard as a settings save, and whether the
 * server has a language model (never its address or key).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EnvironmentSettings } from '../../src/contract/environments';
import { getVisionEngineSettings, saveVisionEngineSettings, visionEngineConfigShape, type LlmStatus } from '../../src/contract/vision-engine';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { HttpError } from '../http-error';
import { withoutInactiveConfig } from '../environments/settings';
import { environmentSettingsOf } from '../categorization/facts';
import { guardModulesWrite } from '../categorization/settings-guard';
import { llmConfig } from '../llm/config';
import { registerEndpoint } from './register';

export function llmStatus(): LlmStatus {
  const config = llmConfig();
  return { configured: config !== null, model: config?.model ?? null };
}

function visionModule(settings: EnvironmentSettings, moduleId: string) {
  const position = settings.modules.findIndex((module) => module.id === moduleId);
  const module = settings.modules[position];
  if (module === undefined) throw new HttpError(404, { message: `Module not found in this environment: ${moduleId}`, code: 'moduleNotFound', params: { moduleId } });
  if (module.type !== 'visionEngine') {
    throw new HttpError(409, { message: `Module ${moduleId} is not of this type (visionEngine)`, code: 'wrongModuleType', params: { moduleId, type: 'visionEngine' } });
  }
  return { module, position };
}

function view(settings: EnvironmentSettings, moduleId: string) {
  const { module, position } = visionModule(settings, moduleId);
  const { config, ...header } = module;
  const parsed = visionEngineConfigShape.safeParse(config);
  return { module: { ...header, position }, config: parsed.success ? parsed.data : visionEngineConfigShape.parse({}), llm: llmStatus() };
}

export function registerVisionEngineRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getVisionEngineSettings, async ({ params }) => view(await environmentSettingsOf(ctx.db, params.envId), params.moduleId));

  registerEndpoint(app, ctx, saveVisionEngineSettings, async ({ params, body }) => {
    const before = await environmentSettingsOf(ctx.db, params.envId);
    visionModule(before, params.moduleId);
    // A deactivated module keeps no configuration (§4): saving one stores nothing but its header.
    const after = withoutInactiveConfig({ ...before, modules: before.modules.map((module) => (module.id === params.moduleId ? { ...module, config: body.config } : module)) });
    const { settings } = await guardModulesWrite(ctx.db, params.envId, before, after);
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, params.envId));
    return view(settings, params.moduleId);
  });
}
