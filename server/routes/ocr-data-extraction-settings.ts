/**
 * The OCR data extraction module's field rules (src/contract/ocr-data-extraction.ts): read and
 * replace `config.rules` of one module of the environment's settings. A save with problems
 * (src/ocr/rule-checks.ts) is refused with 422 `ocrRulesInvalid` and the problems; `rules: null`
 * removes the module's own rules, so it runs the invoice rules again. The same check runs on every
 * settings write of the module (`environments.updateSettings`, server/categorization/settings-guard.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EnvironmentModule, EnvironmentSettings } from '../../src/contract/environments';
import {
  getOcrDataExtractionSettings,
  ocrDataExtractionConfigSchema,
  saveOcrDataExtractionSettings,
  type FieldRuleInput,
  type OcrDataExtractionSettings,
} from '../../src/contract/ocr-data-extraction';
import { INVOICE_RULES } from '../../src/ocr/fields';
import { checkFieldRules } from '../../src/ocr/rule-checks';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { environmentSettingsOf } from '../categorization/facts';
import { withoutInactiveConfig } from '../environments/settings';
import { HttpError } from '../http-error';
import { ocrRulesInvalid } from '../ocr/rules-invalid';
import { registerEndpoint } from './register';

function moduleOf(settings: EnvironmentSettings, moduleId: string): EnvironmentModule {
  const module = settings.modules.find((candidate) => candidate.id === moduleId);
  if (module === undefined) throw new HttpError(404, { message: `Module not found in this environment: ${moduleId}`, code: 'moduleNotFound', params: { moduleId } });
  if (module.type !== 'ocrDataExtraction') {
    throw new HttpError(409, { message: `Module ${moduleId} is not of this type (ocrDataExtraction)`, code: 'wrongModuleType', params: { moduleId, type: 'ocrDataExtraction' } });
  }
  return module;
}

function view(module: EnvironmentModule): OcrDataExtractionSettings {
  const { config, ...header } = module;
  const parsed = ocrDataExtractionConfigSchema.safeParse(config);
  const own = parsed.success ? parsed.data.rules : undefined;
  return { module: header, rules: own ?? INVOICE_RULES, custom: own !== undefined };
}

/** Labels trimmed, an empty value pattern dropped: what the engine reads is what the screen shows. */
function tidy(rule: FieldRuleInput): FieldRuleInput {
  if (rule.by !== 'label') return { ...rule, name: rule.name.trim() };
  const { value, ...rest } = rule;
  return { ...rest, name: rule.name.trim(), labels: rule.labels.map((label) => label.trim()), ...(value ? { value } : {}) };
}

export function registerOcrDataExtractionSettingsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getOcrDataExtractionSettings, async ({ params }) => view(moduleOf(await environmentSettingsOf(ctx.db, params.envId), params.moduleId)));

  registerEndpoint(app, ctx, saveOcrDataExtractionSettings, async ({ params, body }) => {
    const before = await environmentSettingsOf(ctx.db, params.envId);
    const module = moduleOf(before, params.moduleId);
    const rules = body.rules?.map(tidy) ?? null;
    const problems = rules ? checkFieldRules(rules) : [];
    if (problems.length > 0) throw ocrRulesInvalid(problems);
    const { rules: _old, ...rest } = module.config;
    const config = rules ? { ...rest, rules } : rest;
    // A deactivated module keeps no configuration (§4).
    const settings = withoutInactiveConfig({ ...before, modules: before.modules.map((candidate) => (candidate.id === module.id ? { ...candidate, config } : candidate)) });
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, params.envId));
    return view(moduleOf(settings, params.moduleId));
  });
}
