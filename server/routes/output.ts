/**
 * The output module's settings and live preview (src/contract/output.ts). Its
 * options are the module's `config` in the environment settings: read and replaced here through the
 * same guard as a settings save. The preview rebuilds an analysis's payload with `buildOutput` (the
 * output step's own function) from the module results stored by its last run, its metadata and its
 * files, with the options given; nothing is stored.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ExtractorResult } from '../../src/contract/analyses';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import type { EnvironmentModule, EnvironmentSettings } from '../../src/contract/environments';
import { getOutputSettings, outputOptionsSchema, previewOutput, saveOutputSettings } from '../../src/contract/output';
import { pipelineModules } from '../../src/contract/pipeline-modules';
import { findOpenableAnalysisWithResults } from '../analyses/lookup';
import type { ServerContext } from '../context';
import { analysisFiles, environments } from '../db/schema';
import { HttpError } from '../http-error';
import { withoutInactiveConfig } from '../environments/settings';
import { environmentSettingsOf, moduleOf } from '../categorization/facts';
import { guardModulesWrite } from '../categorization/settings-guard';
import { attachmentBytes } from '../output/attachment-bytes';
import { buildOutput } from '../pipeline/output';
import { MeteredParser } from '../pipeline/extractor/metered-parser';
import { registerEndpoint } from './register';

/** The category names "categories to skip" offers: the environment's, then each categorization module's. */
function categoryNames(settings: EnvironmentSettings): string[] {
  const names = settings.categories.map((category) => category.name);
  for (const module of settings.modules) {
    if (module.type !== 'categorization') continue;
    const parsed = categorizationConfigSchema.safeParse(module.config);
    if (!parsed.success) continue;
    names.push(...parsed.data.categories.map((category) => category.name).filter((name) => name !== ''));
    if (parsed.data.defaultCategory) names.push(parsed.data.defaultCategory);
  }
  return [...new Set(names)];
}

function view(settings: EnvironmentSettings, moduleId: string) {
  const { module, position } = moduleOf(settings, moduleId, 'output');
  const { config, ...header } = module;
  const parsed = outputOptionsSchema.safeParse(config);
  return { module: { ...header, position }, config: parsed.success ? parsed.data : outputOptionsSchema.parse({}), categories: categoryNames(settings) };
}

export function registerOutputRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Parsing mails again for "attachment data" runs on a parse thread of its own, started on first use.
  let parser: MeteredParser | undefined;
  app.addHook('onClose', async () => parser?.close());

  registerEndpoint(app, ctx, getOutputSettings, async ({ params }) => view(await environmentSettingsOf(ctx.db, params.envId), params.moduleId));

  registerEndpoint(app, ctx, saveOutputSettings, async ({ params, body }) => {
    const before = await environmentSettingsOf(ctx.db, params.envId);
    moduleOf(before, params.moduleId, 'output');
    // A deactivated module keeps no configuration (§4): saving one stores nothing but its header.
    const after = withoutInactiveConfig({
      ...before,
      modules: before.modules.map((module): EnvironmentModule => (module.id === params.moduleId ? { ...module, config: body.config } : module)),
    });
    const { settings } = await guardModulesWrite(ctx.db, params.envId, before, after);
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, params.envId));
    return view(settings, params.moduleId);
  });

  registerEndpoint(app, ctx, previewOutput, async ({ params, body }) => {
    const row = await findOpenableAnalysisWithResults(ctx.db, params.envId, body.analysisId);
    // The results of its last run, up to (not including) the output module.
    const results = row.modules.filter((result) => result.type !== 'output');
    if (results.length === 0) {
      throw new HttpError(409, { message: 'This analysis has not been processed yet: its modules have no results to build a payload from', code: 'analysisNotFinished' });
    }
    const settings = await environmentSettingsOf(ctx.db, params.envId);
    const extractor = row.modules.find((result) => result.type === 'extractor' && result.result !== null && result.result !== undefined);
    const files = await ctx.db
      .select({ name: analysisFiles.name, role: analysisFiles.role, contentType: analysisFiles.contentType, content: analysisFiles.content })
      .from(analysisFiles)
      .where(eq(analysisFiles.analysisId, row.id))
      .orderBy(asc(analysisFiles.position));
    const uploadedAttachments = files
      .filter((file) => file.role === 'attachment' && file.content !== null)
      .map((file) => ({ fileName: file.name, contentType: file.contentType, path: [file.name], bytes: file.content! }));
    const attachments = body.options.attachmentData && extractor !== undefined ? await attachmentBytes(files, settings.extractor, (parser ??= new MeteredParser())) : [];
    const { payload, reasons } = buildOutput({
      analysis: { id: row.id, name: row.name, inputType: row.inputType, metadata: row.metadata, createdAt: row.createdAt, run: row.run },
      extraction: extractor === undefined ? null : { result: extractor.result as ExtractorResult, attachments, mainFileError: null, summary: '' },
      uploadedAttachments,
      modules: pipelineModules(settings),
      results,
      config: body.options,
    });
    return { payload, unavailable: reasons };
  });
}
