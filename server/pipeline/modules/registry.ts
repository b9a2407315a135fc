/**
 * Module type → its step in a run (step.ts). Every type of MODULE_TYPES has an entry, so a type added
 * to the contract without a step fails the typecheck instead of being skipped in silence.
 */
import type { ModuleType } from '../../../src/contract/environments';
import { carriedTaints, taintsAfter } from '../../../src/categorization/from-results';
import { CATEGORIZATION_BUDGET_MS, runCategorizationModule } from './categorization/run-categorization';
import { runConsolidationModule } from './consolidation/run-consolidation';
import { runExtractionModule } from './extraction/run-extraction';
import { extractedForCategorization } from '../../../src/extraction/extract';
import { extractorStep } from './extractor/extractor-step';
import { runNluModule } from './nlu/run-nlu';
import { runOcrDataExtraction } from './ocr-data-extraction/run-ocr-data-extraction';
import { outputStep } from './output/output-step';
import { replyTemplateStep } from './reply-template/reply-template-step';
import { runVisionEngine } from './vision-engine/run-vision-engine';
import type { ModuleStep } from './step';

const nluStep: ModuleStep = async (module, context, state) => {
  const nlu = await runNluModule({
    db: context.db,
    runtime: context.nlu,
    environmentId: context.analysis.environmentId,
    module,
    extraction: state.extraction,
    languages: context.settings.languages,
  });
  if (nlu.result !== null) state.nlu.push(nlu.result);
  return nlu;
};

const categorizationStep: ModuleStep = (module, context, state) => {
  const categorization = runCategorizationModule({
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
  });
  if (categorization.result !== null) {
    state.categorizations.push({ moduleId: module.id, result: categorization.result });
    state.taints = taintsAfter(state.taints, categorization.result);
  }
  return categorization;
};

const extractionStep: ModuleStep = (module, context, state) => {
  const extraction = runExtractionModule({
    module,
    extraction: state.extraction?.result ?? null,
    nlu: state.nlu,
    metadata: context.analysis.metadata,
    languages: context.settings.languages,
    now: context.analysis.createdAt,
    taints: state.taints,
  });
  if (extraction.result !== null) state.extracted.push({ moduleId: module.id, result: extraction.result });
  return extraction;
};

const consolidationStep: ModuleStep = (module, _context, state) =>
  runConsolidationModule({ module, results: state.categorizations, taints: carriedTaints(state.taints) });

const ocrDataExtractionStep: ModuleStep = (module, context, state) =>
  runOcrDataExtraction({
    module,
    extraction: state.extraction,
    ocr: context.ocr,
    files: context.files.flatMap((file) => (file.content ? [{ name: file.name, content: file.content }] : [])),
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
