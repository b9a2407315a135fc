/** §1/§3/§4 the pipeline modules an environment attaches, their order rules and the output module's options. */
import { z } from 'zod';
import { plainText } from './define';

/** §1 pipeline modules. */
export const MODULE_TYPES = [
  'extractor',
  'nlu',
  'categorization',
  'extraction',
  'visionEngine',
  'consolidation',
  'replyTemplate',
  'output',
  'ocrDataExtraction',
] as const;
export const moduleTypeSchema = z.enum(MODULE_TYPES);
export type ModuleType = z.infer<typeof moduleTypeSchema>;

/**
 * §3 module input types: which documents a module works on. Null: every document for the NLU and
 * categorization modules (same as `both`), and "once per analysis" for extraction.
 */
export const MODULE_INPUT_TYPES = ['body', 'attachment', 'both'] as const;
export const moduleInputTypeSchema = z.enum(MODULE_INPUT_TYPES);
export type ModuleInputType = z.infer<typeof moduleInputTypeSchema>;

/** A taint name a module may wait for (same rule as `taintNameSchema` in modules/categorization.ts). */
const requiredTaintSchema = z.string().trim().min(1).max(50).regex(/^[\p{L}\p{N}_.:-]+$/u);

/** An attached module (§3 "inputType, name, context, moduleOrder"); moduleOrder is its list position. */
export const environmentModuleSchema = z.object({
  id: z.string().min(1).max(64),
  type: moduleTypeSchema,
  name: plainText().trim().min(1).max(100),
  inputType: moduleInputTypeSchema.nullable().default(null),
  context: z.string().max(100).nullable().default(null),
  active: z.boolean().default(true),
  /**
   * Taints (feature flag `taints`): when not empty the module runs only on analyses carrying at least
   * one of them (a per-document module — categorization — only on the documents carrying one, or on
   * every document when the taint is on the analysis); otherwise it is skipped, the trace says why.
   * §8 `missingTaints` when no earlier module can produce one of them.
   */
  requiredTaints: z.array(requiredTaintSchema).max(20).default([]),
  /** The module's own configuration (edited on its screens); emptied when it is deactivated (§4). */
  config: z.record(z.string(), z.unknown()).default({}),
});
export type EnvironmentModule = z.infer<typeof environmentModuleSchema>;

/**
 * §3 Output module options: what the output module puts in the payload it hands to webhooks. Read
 * from the output module's `config` (defaults fill what is missing).
 */
export const outputOptionsSchema = z.object({
  htmlBodies: z.boolean().default(false),
  /** Attachment file names with their content in base64. */
  attachmentData: z.boolean().default(false),
  emailHeader: z.boolean().default(true),
  categoriesEnabled: z.boolean().default(true),
  /** Categories left out of the payload (§5: may differ from the domain rules, which warns). */
  categoriesToSkip: z.array(plainText().trim().min(1).max(100)).max(500).default([]),
  extractedData: z.boolean().default(true),
  metadata: z.boolean().default(true),
  nluOutput: z.boolean().default(true),
  replyProposal: z.boolean().default(true),
  visionEngineOutput: z.boolean().default(true),
});
export type OutputOptions = z.infer<typeof outputOptionsSchema>;

export type ModuleOrderProblem = 'extractorNotFirst' | 'nluNotSecond' | 'outputNotLast' | 'duplicate';

/**
 * §4 ordering rules: the extractor may only be first, NLU only second, output only last (and each at
 * most once). Shared by the server (refuses) and the settings screen (explains before saving).
 */
export function moduleOrderProblems(modules: readonly { type: ModuleType }[]): ModuleOrderProblem[] {
  const problems = new Set<ModuleOrderProblem>();
  const seen = new Set<ModuleType>();
  modules.forEach((module, index) => {
    if (['extractor', 'nlu', 'output'].includes(module.type)) {
      if (seen.has(module.type)) problems.add('duplicate');
      seen.add(module.type);
    }
    if (module.type === 'extractor' && index !== 0) problems.add('extractorNotFirst');
    if (module.type === 'nlu' && index !== 1) problems.add('nluNotSecond');
    if (module.type === 'output' && index !== modules.length - 1) problems.add('outputNotLast');
  });
  return [...problems];
}

/**
 * The order of a pipeline's module types, each after the ones whose results it may read (a run gives
 * a module only the results of the modules before it): NLU reads the extractor's text, the vision
 * engine and OCR rules its files, extraction NLU parameters, categorization extracted data and the
 * vision answer, consolidation the categories, reply templates all of these.
 */
export const PIPELINE_TYPE_ORDER: readonly ModuleType[] = ['extractor', 'nlu', 'visionEngine', 'ocrDataExtraction', 'extraction', 'categorization', 'consolidation', 'replyTemplate', 'output'];

/** Where a new module of `type` goes: before the first module whose type comes after it in that order. */
export function insertionIndex(modules: readonly { type: ModuleType }[], type: ModuleType): number {
  const rank = PIPELINE_TYPE_ORDER.indexOf(type);
  const at = modules.findIndex((module) => PIPELINE_TYPE_ORDER.indexOf(module.type) > rank);
  return at < 0 ? modules.length : at;
}

export const MODULE_ORDER_MESSAGES: Record<ModuleOrderProblem, string> = {
  extractorNotFirst: 'The extractor can only be in first position',
  nluNotSecond: 'The NLU module can only be in second position',
  outputNotLast: 'The output module can only be in last position',
  duplicate: 'The extractor, NLU and output modules can each be added only once',
};
