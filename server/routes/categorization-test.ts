/**
 * `categorization.test`: the environment's NLU modules, the categorization modules up to
 * the one tested (its unsaved configuration when given) and the consolidation after it, on a typed
 * text or on the extracted documents of an existing analysis. Nothing is stored: no analysis, no
 * trace. An NLU server that is stopped is started, as for an analysis (its `lastUsedAt` moves).
 * The engines run in a module worker: a test stopped there answers 422 `testStopped`.
 */
import type { FastifyInstance } from 'fastify';
import type { ExtractorResult } from '../../src/contract/analyses';
import { categorizationConfigSchema, testCategorization } from '../../src/contract/categorization';
import { visionEngineResultSchema, type VisionEngineResult } from '../../src/contract/modules/vision-engine';
import type { NluModuleResult } from '../../src/contract/nlu-module';
import { findOpenableAnalysisWithResults } from '../analyses/lookup';
import type { ServerContext } from '../context';
import { HttpError } from '../http-error';
import { environmentSettingsOf, interactionFacts } from '../categorization/facts';
import { runNluModule } from '../pipeline/modules/nlu/run-nlu';
import { readHeld } from '../module-workers/held-json';
import { runTestTask } from '../module-workers/test-task';
import { registerEndpoint } from './register';

function textDocument(text: string): ExtractorResult {
  return {
    documents: [
      { fileId: null, path: ['text'], name: 'text', source: 'body', contentType: 'text/plain', headers: null, html: null, pageCount: null, blocks: [{ page: null, text }], notes: [] },
    ],
  };
}

export function registerCategorizationTestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, testCategorization, async ({ params, body }) => {
    const settings = await environmentSettingsOf(ctx.db, params.envId);
    const tested =
      body.moduleId === undefined
        ? settings.modules.find((module) => module.type === 'categorization' && module.active)
        : settings.modules.find((module) => module.id === body.moduleId && module.type === 'categorization');
    if (tested === undefined || !tested.active) {
      throw new HttpError(409, { message: 'The categorization engine is not activated in this environment', code: 'categorizationNotActivated' });
    }
    let extraction: ExtractorResult;
    let metadata: Record<string, unknown> = {};
    let createdAt = new Date();
    // An analysis's vision engine answer feeds the `visionEngine` criterion as in its run; a typed text has none.
    let vision: VisionEngineResult | null = null;
    if (body.analysisId !== undefined) {
      const row = await findOpenableAnalysisWithResults(ctx.db, params.envId, body.analysisId);
      const extractor = row.modules.find((module) => module.type === 'extractor' && module.outcome === 'success');
      extraction = (extractor?.result as ExtractorResult | undefined) ?? { documents: [] };
      metadata = row.metadata;
      createdAt = row.createdAt;
      vision = visionEngineResultSchema.safeParse(row.modules.find((module) => module.type === 'visionEngine' && module.outcome === 'success')?.result).data ?? null;
    } else if (body.text !== undefined) {
      extraction = textDocument(body.text);
    } else {
      throw new HttpError(400, { message: 'Type a text or choose an analysis to test', code: 'testTextMissing' });
    }
    const config = body.config ?? categorizationConfigSchema.safeParse(tested.config).data ?? categorizationConfigSchema.parse({});
    const interactionNames = (await interactionFacts(ctx.db, params.envId)).map((fact) => fact.name);
    const languages = body.language === undefined ? settings.languages : [body.language];
    const extractionOutcome = { result: extraction, attachments: [], mainFileError: null, summary: '' };

    // The NLU modules read the database (their servers, the configuration when a worker lacks it)
    // and run their CPU work as their own worker task; the rest is one task (categorization-test-task.ts).
    const position = settings.modules.indexOf(tested);
    const nlu: Record<string, NluModuleResult> = {};
    for (const module of settings.modules.slice(0, position + 1)) {
      if (!module.active || module.type !== 'nlu') continue;
      const ran = await runNluModule({ db: ctx.db, runtime: ctx.nlu, environmentId: params.envId, module, extraction: extractionOutcome, languages });
      // The screen shows the blocks: a test's text is small, so it is read here.
      if (ran.result !== null) nlu[module.id] = readHeld(ran.result);
    }
    const { result, consolidation, messages } = await runTestTask({
      kind: 'categorizationTest',
      modules: settings.modules,
      testedId: tested.id,
      config,
      interactionNames,
      nlu,
      extraction,
      metadata,
      createdAt,
      vision,
      content: settings.content,
      languages,
    });
    const nluResults = settings.modules.flatMap((module) => (nlu[module.id] === undefined ? [] : [nlu[module.id]!]));

    return {
      moduleId: tested.id,
      nlu: nluResults.flatMap((moduleResult) => moduleResult.blocks.map((block) => ({ document: block.document, documentName: block.documentName, page: block.page, result: block.result }))),
      result,
      consolidation,
      messages,
    };
  });
}
