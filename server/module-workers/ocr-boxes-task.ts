/**
 * At a run's end, the OCR words the results' evidence points at, with their boxes (src/ocr/
 * evidence-boxes.ts), found in a module worker: the pages' words and the documents' text are a
 * sender's, and the NLU results are held as JSON bytes only a worker reads.
 */
import type { ExtractorResult, ModuleResult } from '../../src/contract/analysis-results';
import type { OcrBoxPage } from '../../src/contract/ocr-word-boxes';
import { evidenceItems } from '../../src/analyses/evidence';
import { keptOcrBoxes, type OcrReadPageOf } from '../../src/ocr/evidence-boxes';
import { holdJson, isHeldJson, readHeld, type HeldJson } from './held-json';

export interface OcrBoxesTask {
  kind: 'ocrBoxes';
  /** The run's results the evidence is read from (extractor, NLU, categorization, extraction, OCR data extraction); some held. */
  results: ModuleResult[];
  pages: OcrReadPageOf[];
}

/** The kept boxes, and the extractor's result held again with them when it came held (else null: the run adds them). */
export interface OcrBoxesAnswer {
  ocrBoxes: OcrBoxPage[];
  held: HeldJson<ExtractorResult> | null;
}

export function runOcrBoxes(task: OcrBoxesTask): OcrBoxesAnswer {
  const results = task.results.map((module) => ({ ...module, result: readHeld(module.result) }));
  const index = results.findIndex((module) => module.type === 'extractor');
  const extractor = results[index]?.result as ExtractorResult | null | undefined;
  if (!extractor?.documents) return { ocrBoxes: [], held: null };
  const spans = evidenceItems(results, extractor.documents).flatMap((item) => item.spans);
  const ocrBoxes = keptOcrBoxes(extractor.documents, task.pages, spans);
  const held = ocrBoxes.length > 0 && isHeldJson(task.results[index]!.result) ? holdJson<ExtractorResult>({ ...extractor, ocrBoxes }) : null;
  return { ocrBoxes, held };
}
