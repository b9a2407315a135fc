/**
 * The end of a run that read pages or pictures by OCR: the boxes of the OCR words its results were
 * read from go with the extractor's stored result (`ocrBoxes`), so the console draws them over the
 * scan from the detail it already holds, offline too. Only those words: the pages' other boxes stay
 * in memory with the run (ExtractionOutcome.ocrPages) and go with it. The search runs in a module
 * worker; a worker that fails leaves the result without boxes, nothing else.
 */
import type { ModuleType } from '../../src/contract/environments';
import type { ExtractorResult } from '../../src/contract/analysis-results';
import { sharedModulePool } from '../module-workers/module-pool';
import { metered, type RunContext, type RunState } from './modules/step';

/** The results evidence is read from (src/analyses/evidence.ts). */
const EVIDENCE_MODULES: readonly ModuleType[] = ['extractor', 'nlu', 'categorization', 'extraction', 'ocrDataExtraction'];

export async function keepOcrBoxes(context: RunContext, state: RunState): Promise<void> {
  const pages = state.extraction?.ocrPages ?? [];
  const index = state.results.findIndex((module) => module.type === 'extractor' && module.result !== null && module.result !== undefined);
  if (pages.length === 0 || index < 0) return;
  const answer = await sharedModulePool().run(
    { kind: 'ocrBoxes', results: state.results.filter((module) => EVIDENCE_MODULES.includes(module.type)), pages },
    metered(context),
  );
  if (!answer.ok || answer.value.ocrBoxes.length === 0) return;
  const stored = state.results[index]!;
  state.results[index] = { ...stored, result: answer.value.held ?? { ...(stored.result as ExtractorResult), ocrBoxes: answer.value.ocrBoxes } };
}
