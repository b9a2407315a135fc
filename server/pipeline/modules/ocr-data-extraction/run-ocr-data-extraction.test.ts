/**
 * The OCR data extraction module in a real run: a scanned invoice PDF, a photo of it and a DOCX
 * holding a picture of its first lines attached, read by OCR in the extractor, then the module's fields (default invoice rules, or the module's own
 * rules from its configuration) recorded on its step.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrDataExtractionResult } from '../../../../src/contract/ocr-data-extraction';
import { createTestServer, type TestServer } from '../../../test-support/test-server';
import { createEnvironment, queueAnalysis, waitForEnd } from '../../testing/analyses';
import { inEnglish } from '../../../test-support/pipeline-text';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 20_000 } });
}, 60_000);
afterAll(() => server.close());

const scan = (name: string) => readFileSync(new URL(`../../../../test-fixtures/scan/${name}`, import.meta.url));

describe('OCR data extraction module', () => {
  it('reads the fields of the documents the extractor read by OCR', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, {
      content: { ocrJpg: true, ocrPng: true },
      modules: [
        { id: 'x', type: 'extractor', name: 'Extracteur' },
        { id: 'ocr', type: 'ocrDataExtraction', name: 'Données OCR' },
        { id: 'zone', type: 'ocrDataExtraction', name: 'Vendeur', config: { rules: [{ name: 'seller', by: 'zone', zone: { x0: 0, y0: 0.135, x1: 0.6, y1: 0.18 } }] } },
        { id: 'o', type: 'output', name: 'Sortie' },
      ],
    });
    const id = await queueAnalysis(db, envId, [
      { name: 'invoice-scan.pdf', content: scan('invoice-scan.pdf') },
      { name: 'photo.jpg', content: scan('invoice-scan.jpg') },
      { name: 'letter.docx', content: readFileSync(new URL('../../../../test-fixtures/office/letter.docx', import.meta.url)) },
    ]);
    const row = await waitForEnd(db, id, 120_000);
    expect(row.status).toBe('processed');
    const step = row.modules.find((m) => m.moduleId === 'ocr')!;
    expect([step.outcome, inEnglish(step.message)]).toEqual(['success', '12 field(s) from 3 document(s) read by OCR.']);
    const result = step.result as OcrDataExtractionResult;
    expect(result.documents.map((doc) => doc.name)).toEqual(['invoice-scan.pdf', 'photo.jpg', 'image1.png']);
    expect(result.documents[2]!.path).toEqual(['letter.docx', 'image1.png']);
    expect(result.documents[2]!.fields.map((field) => [field.name, field.value])).toEqual([
      ['invoiceNumber', 'FA-2026-0042'],
      ['date', '14/11/2026'],
    ]);
    for (const doc of result.documents.slice(0, 2)) {
      expect(Object.fromEntries(doc.fields.map((field) => [field.name, field.value]))).toMatchObject({ invoiceNumber: 'FA-2026-0042', totalInclTax: '1 235,76' });
    }
    const zone = row.modules.find((m) => m.moduleId === 'zone')!.result as OcrDataExtractionResult;
    expect(zone.documents[0]!.fields).toEqual([expect.objectContaining({ name: 'seller', value: 'Atelier Marchand SARL\n12 rue des Lilas, 69003 Lyon', page: 1, by: 'zone' })]);
  }, 150_000);
});
