/**
 * Information extraction settings and tests (src/contract/extraction.ts). A module's
 * configuration is its `config` in the environment settings: these routes read and replace that one
 * field, through the same guard as any settings save, after the extraction checks
 * (src/extraction/checks.ts). The test runs the environment's NLU modules placed before the module
 * and the module's engine on each test case, as an analysis would, and stores nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ExtractorResult } from '../../src/contract/analyses';
import type { EnvironmentModule, EnvironmentSettings } from '../../src/contract/environments';
import {
  extractionConfigSchema,
  getExtractionSettings,
  saveExtractionSettings,
  testExtraction,
  type ExtractionConfig,
  type ExtractionTestCase,
  type ExtractionTestCaseResult,
} from '../../src/contract/extraction';
import type { NluModuleResult } from '../../src/contract/nlu-module';
import { extractionConfigMessages, sameValue } from '../../src/extraction/checks';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { HttpError } from '../http-error';
import { withoutInactiveConfig } from '../environments/settings';
import { findOpenableAnalysisWithResults } from '../analyses/lookup';
import { environmentSettingsOf, interactionFacts } from '../categorization/facts';
import { guardModulesWrite } from '../categorization/settings-guard';
import { runTestTask } from '../module-workers/test-task';
import type { ExtractionModuleOutcome } from '../../src/extraction/run-extraction';
import { runNluModule } from '../pipeline/modules/nlu/run-nlu';
import type { MaybeHeld } from '../module-workers/held-json';
import { registerEndpoint } from './register';

function extractionModuleOf(settings: EnvironmentSettings, moduleId: string) {
  const position = settings.modules.findIndex((module) => module.id === moduleId && module.type === 'extraction');
  const module = settings.modules[position];
  if (module === undefined) {
    throw new HttpError(404, { message: `No information extraction module ${moduleId} in this environment`, code: 'extractionModuleNotFound', params: { moduleId } });
  }
  return { module, position };
}

function parsedConfig(module: EnvironmentModule): ExtractionConfig {
  return extractionConfigSchema.safeParse(module.config).data ?? extractionConfigSchema.parse({});
}

function textDocument(text: string): ExtractorResult {
  return {
    documents: [
      { fileId: null, path: ['text'], name: 'text', source: 'body', contentType: 'text/plain', headers: null, html: null, pageCount: null, blocks: [{ page: null, text }], notes: [] },
    ],
  };
}

/** Per-document results shown as one set of values: each field's first value found in a document. */
function flatten(result: NonNullable<ExtractionModuleOutcome['result']>) {
  if (result.fields !== null) return { fields: result.fields, errors: result.errors };
  const fields: Record<string, unknown> = {};
  for (const doc of result.documents) for (const [name, value] of Object.entries(doc.fields)) if (fields[name] === undefined || fields[name] === null) fields[name] = value;
  return { fields, errors: result.documents.flatMap((doc) => doc.errors) };
}

export function registerExtractionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  async function view(envId: string, settings: EnvironmentSettings, moduleId: string) {
    const { module, position } = extractionModuleOf(settings, moduleId);
    const { config: _config, ...header } = module;
    const config = parsedConfig(module);
    return { module: { ...header, position }, config, messages: extractionConfigMessages(config), interactions: await interactionFacts(ctx.db, envId) };
  }

  async function runCase(envId: string, settings: EnvironmentSettings, tested: EnvironmentModule, config: ExtractionConfig, test: ExtractionTestCase): Promise<ExtractionTestCaseResult> {
    let extraction: ExtractorResult;
    let metadata: Record<string, unknown> = {};
    let now = new Date();
    try {
      if (test.analysisId !== null && test.analysisId !== '') {
        const row = await findOpenableAnalysisWithResults(ctx.db, envId, test.analysisId);
        const extractor = row.modules.find((module) => module.type === 'extractor' && module.outcome === 'success');
        extraction = (extractor?.result as ExtractorResult | undefined) ?? { documents: [] };
        metadata = row.metadata;
        now = row.createdAt;
      } else {
        extraction = textDocument(test.text);
      }
    } catch (error) {
      const body: { message: string; code?: string } = error instanceof HttpError ? error.body : { message: String(error) };
      return { id: test.id, fields: {}, errors: [], checks: [], pass: false, error: { code: String(body.code ?? 'testFailed'), message: body.message } };
    }
    const nlu: MaybeHeld<NluModuleResult>[] = [];
    const outcome = { result: extraction, attachments: [], mainFileError: null, summary: '' };
    for (const module of settings.modules.slice(0, settings.modules.indexOf(tested))) {
      if (module.type !== 'nlu' || !module.active) continue;
      const ran = await runNluModule({ db: ctx.db, runtime: ctx.nlu, environmentId: envId, module, extraction: outcome, languages: settings.languages });
      if (ran.result !== null) nlu.push(ran.result);
    }
    // A test reads every document: the taints that would limit the module come from categorizations it does not run.
    // The engine runs in a module worker: a case stopped there answers 422 testStopped for the whole test.
    const ran = await runTestTask({ kind: 'extraction', input: { module: { ...tested, config, requiredTaints: [] }, extraction, nlu, metadata, languages: settings.languages, now } });
    if (ran.result === null) return { id: test.id, fields: {}, errors: [], checks: [], pass: false, error: { code: 'extractionFailed', message: ran.message } };
    const { fields, errors } = flatten(ran.result);
    // In the fields' order (stored JSON does not keep the order of `expected`'s keys).
    const order = (name: string) => {
      const index = config.fields.findIndex((field) => field.name === name);
      return index < 0 ? Number.MAX_SAFE_INTEGER : index;
    };
    const expectedEntries = Object.entries(test.expected).sort(([a], [b]) => order(a) - order(b));
    const checks = expectedEntries.map(([field, expected]) => {
      const obtained = fields[field] ?? null;
      return { field, expected, obtained, pass: sameValue(expected, obtained) };
    });
    const pass = checks.length === 0 ? errors.length === 0 : checks.every((check) => check.pass);
    return { id: test.id, fields, errors, checks, pass, error: null };
  }

  registerEndpoint(app, ctx, getExtractionSettings, async ({ params }) => view(params.envId, await environmentSettingsOf(ctx.db, params.envId), params.moduleId));

  registerEndpoint(app, ctx, saveExtractionSettings, async ({ params, body }) => {
    const before = await environmentSettingsOf(ctx.db, params.envId);
    extractionModuleOf(before, params.moduleId);
    const blocking = extractionConfigMessages(body.config).filter((message) => message.severity === 'error');
    if (blocking.length > 0) {
      throw new HttpError(422, {
        message: `The configuration was not saved: ${blocking.map((message) => message.message).join('; ')}`,
        code: 'extractionConfigurationInvalid',
        messages: blocking,
      });
    }
    // A deactivated module keeps no configuration (§4): saving one stores nothing but its header.
    const after = withoutInactiveConfig({ ...before, modules: before.modules.map((module) => (module.id === params.moduleId ? { ...module, config: body.config } : module)) });
    const { settings } = await guardModulesWrite(ctx.db, params.envId, before, after);
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, params.envId));
    return view(params.envId, settings, params.moduleId);
  });

  registerEndpoint(app, ctx, testExtraction, async ({ params, body }) => {
    const settings = await environmentSettingsOf(ctx.db, params.envId);
    const { module } = extractionModuleOf(settings, params.moduleId);
    const config = body.config ?? parsedConfig(module);
    const cases = body.cases ?? config.tests;
    const results: ExtractionTestCaseResult[] = [];
    for (const test of cases) results.push(await runCase(params.envId, settings, module, config, test));
    return { cases: results, messages: extractionConfigMessages(config) };
  });
}
