/**
 * One message of a test run replayed from what its extractor produced: the environment's NLU,
 * categorization, information extraction and consolidation modules in pipeline order, through the
 * same runners the server's module workers call, so the outcomes are the server's for the same
 * configuration. The browser uses it to try a configuration change on a run's messages without a
 * run (features/testing-center/what-if). Pure: no DOM, no Node.
 *
 * Modules that need the files or a service (OCR data extraction, the vision engine) and the ones that
 * produce no evaluated value (reply templates, output) are not replayed; `notReplayed` names those
 * that could have changed a value.
 */
import type { ExtractorResult, ModuleResult } from '../contract/analyses';
import type { EnvironmentModule, EnvironmentSettings } from '../contract/environments';
import type { NluModuleResult } from '../contract/nlu-module';
import type { CategorizationResult } from '../contract/modules/categorization';
import type { ExtractionResult } from '../contract/modules/extraction';
import type { ReplayInput } from '../contract/testing-runs';
import { pipelineModules } from '../contract/pipeline-modules';
import { carriedTaints, taintsAfter } from '../categorization/from-results';
import { CATEGORIZATION_BUDGET_MS, runCategorizationModule } from '../categorization/run-categorization';
import { runConsolidationModule } from '../categorization/run-consolidation';
import type { TaintState } from '../categorization/types';
import { extractedForCategorization } from '../extraction/extract';
import { runExtractionModule } from '../extraction/run-extraction';
import { analyseWithServer, type Compiled, type ServerAnalysisSettings } from '../nlu/analyse-with-server';
import { moduleBlocks, moduleServer } from '../nlu/module-blocks';

export interface ReplayServer extends ServerAnalysisSettings {
  name: string;
  status: string;
  aiVersion: string;
}

export interface ReplaySetup {
  settings: Pick<EnvironmentSettings, 'modules' | 'content' | 'languages'>;
  /** The environment's NLU configuration compiled for a server's AI version (once per version for the whole replay). */
  nlu: (aiVersion: string) => Compiled;
  servers: readonly ReplayServer[];
  /** Names this setup: the categorization configurations are parsed once per version, not per message. */
  version: string;
}

/** Modules that could change an evaluated value but cannot run in the browser. */
const NOT_REPLAYABLE: ReadonlySet<EnvironmentModule['type']> = new Set(['ocrDataExtraction', 'visionEngine']);

interface ReplayState {
  extraction: ExtractorResult;
  nlu: NluModuleResult[];
  categorizations: { moduleId: string; result: CategorizationResult }[];
  extracted: ExtractionResult[];
  taints: TaintState;
}

/**
 * The modules' results for one message. `nluCache` keeps each NLU module's result between replays
 * of the same message while the NLU configuration stays the same (a categorization change then
 * costs only the categorization).
 */
export function replayMessage(input: ReplayInput, setup: ReplaySetup, nluCache?: Map<string, NluModuleResult | null>): { modules: ModuleResult[]; notReplayed: string[] } {
  const first = replayOnce(input, setup, nluCache);
  // A snippet's limit is wall time: a thread paused by a busy machine (a collection, another tab)
  // can end one past it. Once again, and a limit reached twice is the configuration's.
  return first.modules.some(hitTimeLimit) ? replayOnce(input, setup, nluCache) : first;
}

function hitTimeLimit(module: ModuleResult): boolean {
  if (module.type !== 'extraction' || module.result === null) return false;
  const result = module.result as ExtractionResult;
  return [...result.errors, ...result.documents.flatMap((document) => document.errors)].some((error) => error.code === 'snippetTimeLimit');
}

function replayOnce(input: ReplayInput, setup: ReplaySetup, nluCache: Map<string, NluModuleResult | null> | undefined): { modules: ModuleResult[]; notReplayed: string[] } {
  const state: ReplayState = { extraction: input.extraction, nlu: [], categorizations: [], extracted: [], taints: { analysis: [], documents: {} } };
  const modules: ModuleResult[] = [];
  const notReplayed: string[] = [];
  for (const module of pipelineModules(setup.settings)) {
    const head = { moduleId: module.id, type: module.type, name: module.name, message: null };
    if (!module.active || (module.requiredTaints.length > 0 && !module.requiredTaints.some((taint) => carriedTaints(state.taints).includes(taint)))) {
      modules.push({ ...head, outcome: 'skipped', result: null });
      continue;
    }
    if (module.type === 'extractor') {
      modules.push({ ...head, outcome: 'success', result: input.extraction });
      continue;
    }
    if (NOT_REPLAYABLE.has(module.type)) notReplayed.push(module.name);
    const outcome = replayModule(module, input, setup, state, nluCache);
    modules.push({ ...head, outcome: outcome?.outcome ?? 'skipped', result: outcome?.result ?? null });
  }
  return { modules, notReplayed };
}

function replayModule(module: EnvironmentModule, input: ReplayInput, setup: ReplaySetup, state: ReplayState, nluCache: Map<string, NluModuleResult | null> | undefined) {
  switch (module.type) {
    case 'nlu': {
      let result = nluCache?.get(module.id);
      if (result === undefined) {
        result = nluModuleResult(module, state.extraction, setup);
        nluCache?.set(module.id, result);
      }
      if (result !== null) state.nlu.push(result);
      return { outcome: result === null ? ('skipped' as const) : ('success' as const), result };
    }
    case 'categorization': {
      const ran = runCategorizationModule({
        module,
        extraction: state.extraction,
        nlu: state.nlu,
        earlier: state.categorizations.map((entry) => entry.result),
        taints: state.taints,
        vision: null,
        content: setup.settings.content,
        metadata: {},
        extracted: extractedForCategorization(state.extracted),
        budgetMs: CATEGORIZATION_BUDGET_MS,
        cacheKey: setup.version,
      });
      if (ran.result !== null) {
        state.categorizations.push({ moduleId: module.id, result: ran.result });
        state.taints = taintsAfter(state.taints, ran.result);
      }
      return ran;
    }
    case 'extraction': {
      const ran = runExtractionModule({
        module,
        extraction: state.extraction,
        nlu: state.nlu,
        metadata: {},
        languages: setup.settings.languages,
        now: new Date(input.createdAt),
        taints: state.taints,
      });
      if (ran.result !== null) state.extracted.push(ran.result);
      return ran;
    }
    case 'consolidation':
      return runConsolidationModule({ module, results: state.categorizations, taints: carriedTaints(state.taints) });
    default:
      return null;
  }
}

/** The NLU module's result, as the server's module gives it (null where it would be skipped or fail). */
function nluModuleResult(module: EnvironmentModule, extraction: ExtractorResult, setup: ReplaySetup): NluModuleResult | null {
  const server = moduleServer(setup.servers, module.context, (candidate) => candidate.status === 'started');
  if (server === undefined) return null;
  const compiled = setup.nlu(server.aiVersion);
  if (compiled.engine === null) return null;
  const contexts = module.context === null ? undefined : [module.context];
  const blocks = moduleBlocks(extraction, module.inputType).map(({ text, place }) => ({
    ...place,
    result: analyseWithServer(text, { compiled, server, ...(contexts ? { contexts } : {}), environmentLanguages: setup.settings.languages }),
  }));
  return { server: server.name, context: module.context, blocks, blocksNotAnalysed: 0 };
}
