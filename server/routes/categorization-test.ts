/**
 * `categorization.test` (issue 13): the environment's NLU modules, the categorization modules up to
 * the one tested (its unsaved configuration when given) and the consolidation after it, on a typed
 * text or on the extracted documents of an existing analysis. Nothing is stored: no analysis, no
 * trace. An NLU server that is stopped is started, as for an analysis (its `lastUsedAt` moves).
 */
import type { FastifyInstance } from 'fastify';
import type { ExtractorResult } from '../../src/contract/analyses';
import { categorizationConfigSchema, testCategorization, type CategorizationResult } from '../../src/contract/categorization';
import { visionEngineResultSchema, type VisionEngineResult } from '../../src/contract/modules/vision-engine';
import { consolidationConfigSchema } from '../../src/contract/modules/consolidation';
import type { EnvironmentModule } from '../../src/contract/environments';
import type { NluModuleResult } from '../../src/contract/nlu-module';
import { categorizationConfigMessages } from '../../src/categorization/checks';
import { consolidate } from '../../src/categorization/consolidate';
import { carriedTaints, taintsAfter } from '../../src/categorization/from-results';
import type { TaintState } from '../../src/categorization/types';
import { findOpenableAnalysis } from '../analyses/lookup';
import type { ServerContext } from '../context';
import { HttpError } from '../http-error';
import { environmentSettingsOf, interactionFacts } from '../categorization/facts';
import { CATEGORIZATION_BUDGET_MS, runCategorizationModule } from '../pipeline/modules/categorization/run-categorization';
import { runNluModule } from '../pipeline/modules/nlu/run-nlu';
import { runExtractionModule } from '../pipeline/modules/extraction/run-extraction';
import { extractedForCategorization } from '../../src/extraction/extract';
import type { ExtractionResult } from '../../src/contract/modules/extraction';
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
      const row = await findOpenableAnalysis(ctx.db, params.envId, body.analysisId);
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
    const interactionNames = new Set((await interactionFacts(ctx.db, params.envId)).map((fact) => fact.name));
    const messages = categorizationConfigMessages(tested.id, config, interactionNames).filter((message) => message.severity === 'error');
    const languages = body.language === undefined ? settings.languages : [body.language];
    const extractionOutcome = { result: extraction, attachments: [], mainFileError: null, summary: '' };

    const nlu: NluModuleResult[] = [];
    const earlier: { moduleId: string; result: CategorizationResult }[] = [];
    const extracted: ExtractionResult[] = [];
    let taints: TaintState = { analysis: [], documents: {} };
    let result: CategorizationResult | null = null;
    const position = settings.modules.indexOf(tested);
    for (const module of settings.modules.slice(0, position + 1)) {
      if (!module.active) continue;
      if (module.type === 'nlu') {
        const ran = await runNluModule({ db: ctx.db, runtime: ctx.nlu, environmentId: params.envId, module, extraction: extractionOutcome, languages });
        if (ran.result !== null) nlu.push(ran.result);
      } else if (module.type === 'extraction') {
        const ran = runExtractionModule({ module, extraction, nlu, metadata, languages, now: createdAt, taints });
        if (ran.result !== null) extracted.push(ran.result);
      } else if (module.type === 'categorization') {
        const own: EnvironmentModule = module === tested ? { ...module, config } : module;
        const ran = runCategorizationModule({
          module: own,
          extraction,
          nlu,
          earlier: earlier.map((entry) => entry.result),
          taints,
          vision,
          content: settings.content,
          metadata,
          extracted: extractedForCategorization(extracted),
          budgetMs: CATEGORIZATION_BUDGET_MS,
        });
        if (ran.result === null) continue;
        taints = taintsAfter(taints, ran.result);
        if (module === tested) result = ran.result;
        else earlier.push({ moduleId: module.id, result: ran.result });
      }
    }
    result ??= { documents: [], taints: [], advancedErrors: [], documentsNotCategorized: 0 };

    const consolidationModule = settings.modules.slice(position + 1).find((module) => module.type === 'consolidation' && module.active);
    const consolidation =
      consolidationModule === undefined
        ? null
        : consolidate({
            config: consolidationConfigSchema.safeParse(consolidationModule.config).data ?? consolidationConfigSchema.parse({}),
            workflowId: String(consolidationModule.config.workflowId ?? ''),
            results: [...earlier, { moduleId: tested.id, result }],
            taints: carriedTaints(taints),
          });

    return {
      moduleId: tested.id,
      nlu: nlu.flatMap((moduleResult) => moduleResult.blocks.map((block) => ({ document: block.document, documentName: block.documentName, page: block.page, result: block.result }))),
      result,
      consolidation,
      messages,
    };
  });
}
