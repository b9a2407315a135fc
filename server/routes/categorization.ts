/**
 * Categorization and consolidation settings, the environment's configuration messages
 * (src/contract/categorization.ts). A module's configuration is its `config` in the environment
 * settings: these routes read and replace that one field, through the same guard as a settings save.
 * The test endpoint: server/routes/categorization-test.ts.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  categorizationConfigSchema,
  checkCategorization,
  consolidationConfigSchema,
  getCategorizationSettings,
  getConsolidationSettings,
  saveCategorizationSettings,
  saveConsolidationSettings,
  type ConfigurationMessage,
} from '../../src/contract/categorization';
import type { EnvironmentModule, EnvironmentSettings } from '../../src/contract/environments';
import type { ServerContext } from '../context';
import { environments, projects } from '../db/schema';
import { HttpError } from '../http-error';
import { withoutInactiveConfig } from '../environments/settings';
import { environmentMessages, environmentSettingsOf, interactionFacts, moduleOf } from '../categorization/facts';
import { guardModulesWrite } from '../categorization/settings-guard';
import { registerEndpoint } from './register';

function header(module: EnvironmentModule, position: number) {
  const { config: _config, ...rest } = module;
  return { ...rest, position };
}

/** Categories (with their target) and taints the active categorization modules before `position` give. */
function earlierOutputs(settings: EnvironmentSettings, position: number) {
  const categories: { name: string; target: 'body' | 'attachment'; module: string }[] = [];
  const taints = new Set<string>();
  for (const module of settings.modules.slice(0, position)) {
    if (module.type !== 'categorization' || !module.active) continue;
    const parsed = categorizationConfigSchema.safeParse(module.config);
    if (!parsed.success) continue;
    for (const category of parsed.data.categories) {
      if (category.enabled && category.name !== '') categories.push({ name: category.name, target: category.target, module: module.name });
      for (const rule of category.rules) if (rule.taint !== null) taints.add(rule.taint.name);
    }
    if (parsed.data.defaultCategory) categories.push({ name: parsed.data.defaultCategory, target: 'body', module: module.name });
  }
  return { categories, taints: [...taints] };
}

const concerning = (messages: ConfigurationMessage[], moduleId: string) => messages.filter((message) => message.moduleId === moduleId);

export function registerCategorizationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  async function categorizationView(envId: string, settings: EnvironmentSettings, moduleId: string, messages?: ConfigurationMessage[]) {
    const { module, position } = moduleOf(settings, moduleId, 'categorization');
    const parsed = categorizationConfigSchema.safeParse(module.config);
    const earlier = earlierOutputs(settings, position);
    return {
      module: header(module, position),
      config: parsed.success ? parsed.data : categorizationConfigSchema.parse({}),
      messages: concerning(messages ?? (await environmentMessages(ctx.db, envId, settings)), moduleId),
      interactions: await interactionFacts(ctx.db, envId),
      earlierCategories: earlier.categories,
      earlierTaints: earlier.taints,
    };
  }

  async function consolidationView(envId: string, settings: EnvironmentSettings, moduleId: string, messages?: ConfigurationMessage[]) {
    const { module, position } = moduleOf(settings, moduleId, 'consolidation');
    const parsed = consolidationConfigSchema.safeParse(module.config);
    return {
      module: header(module, position),
      config: parsed.success ? parsed.data : consolidationConfigSchema.parse({}),
      messages: concerning(messages ?? (await environmentMessages(ctx.db, envId, settings)), moduleId),
      categories: earlierOutputs(settings, position).categories,
    };
  }

  /** Replaces one module's config, through the guard (422 on blocking messages), and answers the messages. */
  async function saveConfig(envId: string, moduleId: string, type: 'categorization' | 'consolidation', config: Record<string, unknown>) {
    const before = await environmentSettingsOf(ctx.db, envId);
    moduleOf(before, moduleId, type);
    // A deactivated module keeps no configuration (§4): saving one stores nothing but its header.
    const after = withoutInactiveConfig({ ...before, modules: before.modules.map((module) => (module.id === moduleId ? { ...module, config } : module)) });
    const { settings, messages } = await guardModulesWrite(ctx.db, envId, before, after);
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, envId));
    return { settings, messages };
  }

  registerEndpoint(app, ctx, getCategorizationSettings, async ({ params }) =>
    categorizationView(params.envId, await environmentSettingsOf(ctx.db, params.envId), params.moduleId),
  );

  registerEndpoint(app, ctx, saveCategorizationSettings, async ({ params, body, scope }) => {
    // §2.4: not configurable on the legacy IC variant.
    const [project] = await ctx.db.select({ type: projects.type }).from(projects).where(eq(projects.id, scope.projectId ?? ''));
    if (project?.type === 'IC') {
      throw new HttpError(409, { message: 'Categorization cannot be configured on a legacy IC project', code: 'categorizationLegacyProject' });
    }
    const { settings, messages } = await saveConfig(params.envId, params.moduleId, 'categorization', body.config);
    return categorizationView(params.envId, settings, params.moduleId, messages);
  });

  registerEndpoint(app, ctx, getConsolidationSettings, async ({ params }) =>
    consolidationView(params.envId, await environmentSettingsOf(ctx.db, params.envId), params.moduleId),
  );

  registerEndpoint(app, ctx, saveConsolidationSettings, async ({ params, body }) => {
    const { settings, messages } = await saveConfig(params.envId, params.moduleId, 'consolidation', body.config);
    return consolidationView(params.envId, settings, params.moduleId, messages);
  });

  registerEndpoint(app, ctx, checkCategorization, async ({ params }) => ({
    messages: await environmentMessages(ctx.db, params.envId, await environmentSettingsOf(ctx.db, params.envId)),
  }));
}
