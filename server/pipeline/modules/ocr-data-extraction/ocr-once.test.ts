/**
 * OCR once per page per run: the OCR data extraction module reads its fields from the pages the
 * extractor read (kept with their word boxes in the extraction outcome), through the real parse
 * thread and the real OCR pool, counting every OCR call. Also the pictures inside office files: the
 * picture of text in test-fixtures/office/letter.docx (LibreOffice) gives its invoice number and date.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractorSettingsSchema, type EnvironmentModule } from '../../../../src/contract/environments';
import { extract, type ExtractorFile } from '../../extractor/extract';
import { MeteredParser } from '../../extractor/metered-parser';
import type { OcrEngine } from '../../../../src/extractor/ocr-step';
import { OcrPool } from '../../../ocr/ocr-pool';
import { runOcrDataExtraction } from './run-ocr-data-extraction';
import { inEnglish } from '../../../test-support/pipeline-text';

const parser = new MeteredParser();
const pool = new OcrPool(1);
beforeAll(() => parser.warmUp());
afterAll(() => {
  parser.close();
  pool.close();
});

/** The real pool, with every call written down. */
function countingOcr() {
  const calls: string[] = [];
  const engine: OcrEngine = {
    recognize: (image, options) => {
      calls.push(options?.pdfPage ? `pdf page ${options.pdfPage}` : `picture of ${image.byteLength} bytes`);
      return pool.recognize(image, options);
    },
  };
  return { engine, calls };
}

const fixture = (path: string, role: ExtractorFile['role']): ExtractorFile => ({
  id: path,
  name: path.split('/').pop()!,
  role,
  contentType: 'application/octet-stream',
  content: new Uint8Array(readFileSync(new URL(`../../../../test-fixtures/${path}`, import.meta.url))),
});
const files = [fixture('scan/invoice-scan.pdf', 'main'), fixture('scan/invoice-scan.jpg', 'attachment'), fixture('office/letter.docx', 'attachment')];
const module: EnvironmentModule = { id: 'ocr', type: 'ocrDataExtraction', name: 'OCR', inputType: null, context: null, active: true, requiredTaints: [], config: {} };
const settings = () => {
  const parsed = extractorSettingsSchema.parse({});
  parsed.parser.global.useCache = false;
  return parsed;
};
const valuesOf = (fields: { name: string; value: string }[]) => Object.fromEntries(fields.map((field) => [field.name, field.value]));

/** The extractor's pass over the files, made once for the file (OCR is the slow part): both tests start from its outcome. */
let extraction: Awaited<ReturnType<typeof extract>>;
/** The OCR calls that pass made. */
let extractorCalls: string[];
beforeAll(async () => {
  const { engine, calls } = countingOcr();
  extraction = await extract(files, settings(), parser, { ocr: engine, environment: { ocrJpg: true, ocrPng: true, maxPagesToOcr: 10 } });
  extractorCalls = calls;
}, 120_000);

describe('OCR once per page per run', () => {
  it('reads each page once: the module uses the extractor’s OCR pages, the DOCX picture included', async () => {
    // The scan's one page, the photo, the picture inside the DOCX.
    expect(extractorCalls).toHaveLength(3);
    expect(extraction.ocrPages!.map((read) => [read.path.join(' / '), read.page])).toEqual([
      ['invoice-scan.pdf', 1],
      ['invoice-scan.jpg', 1],
      ['letter.docx / image1.png', 1],
    ]);

    // The module reads no page again.
    const { engine, calls } = countingOcr();
    const outcome = await runOcrDataExtraction({ module, extraction, files: files.map(({ name, content }) => ({ name, content })), ocr: engine });
    expect(calls).toEqual([]);
    expect(inEnglish(outcome.message)).toBe('12 field(s) from 3 document(s) read by OCR.');
    const [scan, photo, picture] = outcome.result!.documents;
    expect(valuesOf(scan!.fields)).toMatchObject({ invoiceNumber: 'FA-2026-0042', totalInclTax: '1 235,76' });
    expect(valuesOf(photo!.fields)).toMatchObject({ invoiceNumber: 'FA-2026-0042', totalInclTax: '1 235,76' });
    expect(picture!.path).toEqual(['letter.docx', 'image1.png']);
    expect(valuesOf(picture!.fields)).toEqual({ invoiceNumber: 'FA-2026-0042', date: '14/11/2026' });
    expect(outcome.result!.notes).toEqual([]);
  }, 120_000);

  it('reads a page again only when the outcome does not hold it, and says which pictures it cannot reach', async () => {
    const { engine, calls } = countingOcr();
    const outcome = await runOcrDataExtraction({ module, extraction: { ...extraction, ocrPages: undefined }, files: files.map(({ name, content }) => ({ name, content })), ocr: engine });
    // The scan and the photo are read again from their bytes; the DOCX picture has none of its own.
    expect(calls).toEqual(['pdf page 1', expect.stringMatching(/^picture of/)]);
    expect(outcome.result!.documents.map((doc) => doc.name)).toEqual(['invoice-scan.pdf', 'invoice-scan.jpg']);
    expect(outcome.result!.notes.map(inEnglish)).toEqual(['"letter.docx / image1.png" was not read: its OCR pages were not kept and its bytes are not available.']);
  }, 120_000);

  it('ends in error, reading nothing, when its rules hold a pattern the linear-time engine cannot run', async () => {
    const { engine, calls } = countingOcr();
    const extraction = { result: { documents: [] }, attachments: [], mainFileError: null, summary: '' };
    const outcome = await runOcrDataExtraction({ module: { ...module, config: { rules: [{ name: 'x', by: 'pattern', pattern: '(\\w)\\1' }] } }, extraction, files: [], ocr: engine });
    expect([outcome.outcome, inEnglish(outcome.message), outcome.result]).toEqual(['error', "The module's rules are not valid: rule 1 (patternUnsupported).", null]);
    expect(calls).toEqual([]);
  });
});
