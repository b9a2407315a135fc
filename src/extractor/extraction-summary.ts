/** The extractor's one-line outcome (stored as keys, read in the reader's language). */
import type { ExtractedDocument } from '../contract/analyses';
import { decodePipelineMessage, encodePipelineMessage, sentence } from '../contract/pipeline-messages';
import type { OcrLedger } from './ocr-step';

export function extractionSummary(documents: ExtractedDocument[], files: number, fromCache: number, ledger: OcrLedger, failures: string[]): string {
  const blocks = documents.reduce((sum, doc) => sum + doc.blocks.length, 0);
  const nothing = documents.filter((doc) => doc.blocks.length === 0).length;
  const parts = [sentence('extractor.summary', { documents: documents.length, files, blocks })];
  if (fromCache > 0) parts.push(sentence('extractor.fromCache', { count: fromCache }));
  if (nothing > 0) parts.push(sentence('extractor.withoutText', { count: nothing }));
  if (ledger.pages > 0) parts.push(sentence('extractor.ocrRead', { count: ledger.pages, confidence: ledger.meanConfidence() }));
  if (ledger.failures.length > 0) parts.push(sentence('extractor.ocrFailed', { count: ledger.failures.length, reasons: ledger.failures.join('; ') }));
  const ocr = ['extractor.failure.ocr', 'extractor.failure.ocrPage'];
  const unread = failures.filter((failure) => !ocr.includes(decodePipelineMessage(failure)?.[0]?.key ?? '')).length;
  if (unread > 0) parts.push(sentence('extractor.unread', { count: unread }));
  return encodePipelineMessage(...parts);
}

