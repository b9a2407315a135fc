/**
 * The pipeline's OCR data extraction module: after the extractor, the module's field rules (its
 * configuration, else the invoice rules of src/ocr/fields.ts) are applied to every document the
 * extractor read by OCR — PDF pages, pictures sent as files or attached to mails, pictures embedded
 * in office documents and HTML pages — on the pages the extractor read, with their word boxes, which
 * the extraction outcome keeps for this run (`ocrPages`): no page is read by OCR twice. Only a page
 * the outcome does not hold (an outcome made without the extractor) is read again from the file's
 * bytes. It never throws: a failure is an `error` outcome.
 */
import type { EnvironmentModule } from '../../../../src/contract/environments';
import { ocrDataExtractionConfigSchema, type OcrDataExtractionResult } from '../../../../src/contract/ocr-data-extraction';
import { INVOICE_RULES, type FieldRule } from '../../../../src/ocr/fields';
import { sharedModulePool, type ModuleMeter } from '../../../module-workers/module-pool';
import { stoppedModule } from '../../../module-workers/stopped-module';
import type { OcrPage } from '../../../../src/ocr/model';
import { checkFieldRules } from '../../../../src/ocr/rule-checks';
import type { ExtractionOutcome } from '../../extractor/extract';
import type { OcrEngine } from '../../../../src/extractor/ocr-step';
import { ocrReadOf } from '../../../../src/extractor/document-notes';
import { sharedOcrPool } from '../../../ocr/ocr-pool';
import { pipelineMessage } from '../../../../src/contract/pipeline-messages';
import { reason } from '../../../../src/contract/failure-reasons';

export interface OcrModuleInput {
  module: EnvironmentModule;
  extraction: ExtractionOutcome | null;
  /** The analysis files (the extractor's documents point at them by name). */
  files: readonly { name: string; content: Uint8Array }[];
  ocr?: OcrEngine;
  /** Charged the time the rules took in their module worker. */
  meter?: ModuleMeter;
}

export interface OcrModuleOutcome {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  result: OcrDataExtractionResult | null;
}

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, index) => part === b[index]);

export async function runOcrDataExtraction({ module, extraction, files, ocr = sharedOcrPool(), meter }: OcrModuleInput): Promise<OcrModuleOutcome> {
  if (extraction === null) return { outcome: 'skipped', message: pipelineMessage('module.extractorDidNotRun'), result: null };
  const config = ocrDataExtractionConfigSchema.safeParse(module.config);
  if (!config.success) return { outcome: 'error', message: pipelineMessage('ocrDataExtraction.configurationInvalid', { reason: reason('reason.invalidSetting', `${config.error.issues[0]?.path.join('.') ?? ''} ${config.error.issues[0]?.message ?? ''}`) }), result: null };
  const rules: FieldRule[] = config.data.rules ?? INVOICE_RULES;
  // Rules saved through the screens or the settings are checked; an older file may still hold a bad pattern.
  const problems = checkFieldRules(rules);
  if (problems.length > 0) return { outcome: 'error', message: pipelineMessage('ocrDataExtraction.rulesInvalid', { rule: problems[0]!.index + 1, code: problems[0]!.code }), result: null };
  const result: OcrDataExtractionResult = { documents: [], notes: [] };
  for (const doc of extraction.result.documents) {
    const { pages: pageNumbers, picture } = ocrReadOf(doc);
    if (pageNumbers.length === 0 && !picture) continue;
    const kept = new Map((extraction.ocrPages ?? []).filter((read) => samePath(read.path, doc.path)).map((read) => [read.page, read.read]));
    const pages: OcrPage[] = [];
    let unread = false;
    for (const number of picture ? [1] : pageNumbers) {
      const page = kept.get(number);
      if (page) {
        pages[number - 1] = page;
        continue;
      }
      const bytes =
        (doc.path.length === 1 ? files.find((file) => file.name === doc.path[0])?.content : undefined) ??
        extraction.attachments.find((attachment) => samePath(attachment.path, doc.path))?.bytes;
      if (bytes === undefined) {
        unread = true;
        break;
      }
      const read = await ocr.recognize(bytes, picture ? {} : { pdfPage: number, dpi: 300 });
      if (read.ok) pages[number - 1] = read.page;
      else return { outcome: 'error', message: pipelineMessage('ocrDataExtraction.ocrFailed', { path: doc.path.join(' / '), reason: read.reason }), result: null };
    }
    if (unread) {
      result.notes.push(pipelineMessage('ocrDataExtraction.notRead', { path: doc.path.join(' / ') }));
      continue;
    }
    // Pages not read by OCR count as empty, so field pages keep the document's numbering.
    const filled = Array.from({ length: pages.length }, (_, index) => pages[index] ?? { text: '', confidence: 0, width: 0, height: 0, words: [] });
    // The rules' patterns are the tenant's: matched in a module worker (ARCHITECTURE "Threads").
    const fields = await sharedModulePool().run({ kind: 'ocrFields', pages: filled, rules }, meter ? { meter } : {});
    if (!fields.ok) return stoppedModule(module, fields);
    result.documents.push({ path: doc.path, name: doc.name, fields: fields.value });
  }
  const found = result.documents.reduce((sum, doc) => sum + doc.fields.length, 0);
  const message =
    result.documents.length === 0
      ? pipelineMessage('ocrDataExtraction.nothingRead')
      : pipelineMessage('ocrDataExtraction.summary', { fields: found, documents: result.documents.length });
  return { outcome: 'success', message, result };
}
