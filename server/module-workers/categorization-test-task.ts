/**
 * The CPU half of `categorization.test` (server/routes/categorization-test.ts), run in a module
 * worker: the configuration's checks, the extraction and categorization modules up to the tested
 * one (its unsaved configuration), and the consolidation after it. The route reads the database and
 * runs the NLU modules (themselves a worker task) first; their results are handed in with their
 * place in the pipeline, so a categorization module sees only the NLU modules placed before it.
 */
import type { ExtractorResult } from '../../src/contract/analyses';
import type { CategorizationConfig, CategorizationResult, ConfigurationMessage } from '../../src/contract/categorization';
import type { EnvironmentModule, EnvironmentSettings, EnvironmentLanguage } from '../../src/contract/environments';
import { consolidationConfigSchema, type ConsolidationResult } from '../../src/contract/modules/consolidation';
import type { ExtractionResult } from '../../src/contract/modules/extraction';
import type { VisionEngineResult } from '../../src/contract/modules/vision-engine';
import type { NluModuleResult } from '../../src/contract/nlu-module';
import { categorizationConfigMessages } from '../../src/categorization/checks';
import { consolidate } from '../../src/categorization/consolidate';
import { carriedTaints, taintsAfter } from '../../src/categorization/from-results';
import type { TaintState } from '../../src/categorization/types';
import { extractedForCategorization } from '../../src/extraction/extract';
import { CATEGORIZATION_BUDGET_MS, runCategorizationModule } from '../../src/categorization/run-categorization';
import { runExtractionModule } from '../../src/extraction/run-extraction';

export interface CategorizationTestTask {
  kind: 'categorizationTest';
  /** The pipeline's modules up to and including the tested one, then the rest (for the consolidation). */
  modules: EnvironmentModule[];
  testedId: string;
  config: CategorizationConfig;
  interactionNames: string[];
  /** The NLU modules' results, by module id, already run by the route. */
  nlu: Record<string, NluModuleResult>;
  extraction: ExtractorResult;
  metadata: Record<string, unknown>;
  createdAt: Date;
  vision: VisionEngineResult | null;
  content: EnvironmentSettings['content'];
  languages: readonly EnvironmentLanguage[];
}

export interface CategorizationTestAnswer {
  result: CategorizationResult;
  consolidation: ConsolidationResult | null;
  messages: ConfigurationMessage[];
}

export function runCategorizationTest(task: CategorizationTestTask): CategorizationTestAnswer {
  const { modules, extraction, metadata } = task;
  const tested = modules.find((module) => module.id === task.testedId)!;
  const config = task.config;
  const messages = categorizationConfigMessages(tested.id, config, new Set(task.interactionNames)).filter((message) => message.severity === 'error');

  const nlu: NluModuleResult[] = [];
  const earlier: { moduleId: string; result: CategorizationResult }[] = [];
  const extracted: ExtractionResult[] = [];
  let taints: TaintState = { analysis: [], documents: {} };
  let result: CategorizationResult | null = null;
  const position = modules.indexOf(tested);
  for (const module of modules.slice(0, position + 1)) {
    if (!module.active) continue;
    if (module.type === 'nlu') {
      const ran = task.nlu[module.id];
      if (ran !== undefined) nlu.push(ran);
    } else if (module.type === 'extraction') {
      const ran = runExtractionModule({ module, extraction, nlu, metadata, languages: task.languages, now: task.createdAt, taints });
      if (ran.result !== null) extracted.push(ran.result);
    } else if (module.type === 'categorization') {
      const own: EnvironmentModule = module === tested ? { ...module, config } : module;
      const ran = runCategorizationModule({
        module: own,
        extraction,
        nlu,
        earlier: earlier.map((entry) => entry.result),
        taints,
        vision: task.vision,
        content: task.content,
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

  const consolidationModule = modules.slice(position + 1).find((module) => module.type === 'consolidation' && module.active);
  const consolidation =
    consolidationModule === undefined
      ? null
      : consolidate({
          config: consolidationConfigSchema.safeParse(consolidationModule.config).data ?? consolidationConfigSchema.parse({}),
          workflowId: String(consolidationModule.config.workflowId ?? ''),
          results: [...earlier, { moduleId: tested.id, result }],
          taints: carriedTaints(taints),
        });
  return { result, consolidation, messages };
}
