/**
 * Module type → its step in a run (step.ts). Every type of MODULE_TYPES has an entry, so a type added
 * to the contract without a step fails the typecheck instead of being skipped in silence.
 */
import type { EnvironmentModule, ModuleType } from '../../../src/contract/environments';
import { carriedTaints, taintsAfter } from '../../../src/categorization/from-results';
import { CATEGORIZATION_BUDGET_MS } from '../../../src/categorization/run-categorization';
import { sharedModulePool } from '../../module-workers/module-pool';
import { stoppedModule } from '../../module-workers/stopped-module';
import { extractedForCategorization } from '../../../src/extraction/extract';
import { extractorStep } from './extractor/extractor-step';
import { runNluModule } from './nlu/run-nlu';
import { runOcrDataExtraction } from './ocr-data-extraction/run-ocr-data-extraction';
import { outputStep } from './output/output-step';
import { replyTemplateStep } from './reply-template/reply-template-step';
import { runVisionEngine } from './vision-engine/run-vision-engine';
import { metered, type ModuleStep, type RunContext } from './step';

const nluStep: ModuleStep = async (module, context, state) => {
  const nlu = await runNluModule({
    db: context.db,
    runtime: context.nlu,
    environmentId: context.analysis.environmentId,
    module,
    extraction: state.extraction,
    languages: context.settings.languages,
    ...metered(context),
  });
  if (nlu.result !== null) state.nlu.push(nlu.result);
  return nlu;
};

// The engines' CPU work runs in a module worker (ARCHITECTURE "Threads"): a stopped task is this module's error.
const categorizationStep: ModuleStep = async (module, context, state) => {
  const answer = await sharedModulePool().run({ kind: 'categorization', input: {
    module,
    extraction: state.extraction?.result ?? null,
    nlu: state.nlu,
    earlier: state.categorizations.map((entry) => entry.result),
    taints: state.taints,
    vision: state.vision,
    content: context.settings.content,
    metadata: context.analysis.metadata,
    extracted: extractedForCategorization(state.extracted.map((entry) => entry.result)),
    budgetMs: CATEGORIZATION_BUDGET_MS,
    cacheKey: `${context.analysis.environmentId}@${context.analysis.settingsVersion}`,
  } }, metered(context));
  const categorization = answer.ok ? answer.value : stoppedModule(module, answer);
  if (categorization.result !== null) {
    state.categorizations.push({ moduleId: module.id, result: categorization.result });
    state.taints = taintsAfter(state.taints, categorization.result);
  }
  return categorization;
};

const extractionStep: ModuleStep = async (module, context, state) => {
  const answer = await sharedModulePool().run({ kind: 'extraction', input: {
    module,
    extraction: state.extraction?.result ?? null,
    nlu: state.nlu,
    metadata: context.analysis.metadata,
    languages: context.settings.languages,
    now: context.analysis.createdAt,
    taints: state.taints,
  } }, metered(context));
  const extraction = answer.ok ? answer.value : stoppedModule(module, answer);
  if (extraction.result !== null) state.extracted.push({ moduleId: module.id, result: extraction.result });
  return extraction;
};

const consolidationStep: ModuleStep = async (module, context, state) => {
  const answer = await sharedModulePool().run({ kind: 'consolidation', input: { module, results: state.categorizations, taints: carriedTaints(state.taints) } }, metered(context));
  return answer.ok ? answer.value : stoppedModule(module, answer);
};

const ocrDataExtractionStep: ModuleStep = (module, context, state) =>
  runOcrDataExtraction({
    module,
    extraction: state.extraction,
    ocr: context.ocr,
    files: context.files.flatMap((file) => (file.content ? [{ name: file.name, content: file.content }] : [])),
    ...metered(context),
  });

const visionEngineStep: ModuleStep = async (module, context, state) => {
  const vision = await runVisionEngine({
    module,
    extraction: state.extraction,
    files: context.files.flatMap((file) => (file.content ? [{ name: file.name, content: file.content }] : [])),
  });
  if (vision.result !== null) state.vision = vision.result;
  return vision;
};

export const MODULE_STEPS: Record<ModuleType, ModuleStep> = {
  extractor: extractorStep,
  nlu: nluStep,
  categorization: categorizationStep,
  consolidation: consolidationStep,
  ocrDataExtraction: ocrDataExtractionStep,
  extraction: extractionStep,
  visionEngine: visionEngineStep,
  replyTemplate: replyTemplateStep(),
  output: outputStep,
};

/**
 * Whether this module may call a service outside the server (the vision engine's model, a reply
 * template's language model), each call billed by its provider: a production run confirms its claim
 * just before one (run.ts), so an analysis aborted meanwhile never makes the call. A reply template
 * reaches outside only when one of the environment's templates is an LLM prompt; the others render
 * here, and confirming before them was a statement per analysis for nothing.
 */
export function reachesOutside(module: EnvironmentModule, settings: Pick<RunContext['settings'], 'replyTemplates'>): boolean {
  if (module.type === 'visionEngine') return true;
  if (module.type === 'replyTemplate') return settings.replyTemplates.some((template) => template.llmPrompt);
  return false;
}
