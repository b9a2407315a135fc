/**
 * The OCR boxes kept with a result, in a real run (real parse thread, OCR pool and module workers on
 * PGlite): a scanned invoice PDF and a picture of it, a regular expression field and the OCR data
 * extraction module. The extractor's stored result keeps the boxes of the words its results were read
 * from, on the page and picture they were read on, and no other word of the pages; the published
 * payload stays as it was.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractorResult } from '../../src/contract/analyses';
import type { OcrDataExtractionResult } from '../../src/contract/ocr-data-extraction';
import { analysisEvidence } from '../../src/analyses/evidence';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { createEnvironment, queueAnalysis, waitForEnd } from './testing/analyses';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 20_000, parseDeadlineMs: 120_000 } });
}, 60_000);
afterAll(() => server.close());

const scan = (name: string) => readFileSync(new URL(`../../test-fixtures/scan/${name}`, import.meta.url));

describe('OCR boxes of the evidence', () => {
  it('keeps the boxes of the words the results were read from, and only those', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, {
      content: { ocrJpg: true, ocrPng: true },
      modules: [
        { id: 'x', type: 'extractor', name: 'Extracteur' },
        { id: 'e', type: 'extraction', name: 'Champs', config: { fields: [{ id: 'f', name: 'numero', label: 'Numéro', source: { type: 'regex', pattern: 'FA-\\d{4}-\\d{4}', which: 'all' } }] } },
        { id: 'ocr', type: 'ocrDataExtraction', name: 'Données OCR' },
        { id: 'o', type: 'output', name: 'Sortie' },
      ],
    });
    const id = await queueAnalysis(db, envId, [
      { name: 'invoice-scan.pdf', content: scan('invoice-scan.pdf') },
      { name: 'photo.png', content: scan('invoice-scan.png') },
    ]);
    const row = await waitForEnd(db, id, 150_000);
    expect(row.status).toBe('processed');
    const extractor = row.modules.find((module) => module.type === 'extractor')!.result as ExtractorResult;
    const ocr = row.modules.find((module) => module.moduleId === 'ocr')!.result as OcrDataExtractionResult;
    const boxes = extractor.ocrBoxes ?? [];
    expect(boxes.map((page) => [extractor.documents[page.document]!.name, page.page])).toEqual([
      ['invoice-scan.pdf', 1],
      ['photo.png', 1],
    ]);
    const textOf = (document: number, word: { block: number; start: number; end: number }) => extractor.documents[document]!.blocks[word.block]!.text.slice(word.start, word.end);
    // The regular expression's value, and the OCR data extraction's invoice number, date, totals and IBAN: 13 words of the page's 56.
    const evidenceWords = ['FA-2026-0042', '14/11/2026', '1', '029,80', '1', '235,76', 'FR76', '3000', '6000', '0112', '3456', '7890', '189'];
    const evidence = analysisEvidence(row.modules)!;
    for (const page of boxes) {
      const { blocks } = extractor.documents[page.document]!;
      expect(page.words.map((word) => textOf(page.document, word))).toEqual(evidenceWords);
      expect(blocks.flatMap((block) => block.text.split(/\s+/)).length).toBeGreaterThan(50);
      // Each box is a word's on the image read: inside it, and the invoice number's the one the OCR data extraction found.
      for (const { box } of page.words) {
        expect(0 <= box.x0 && box.x0 < box.x1 && box.x1 <= page.width && 0 <= box.y0 && box.y0 < box.y1 && box.y1 <= page.height).toBe(true);
      }
      const invoiceNumber = ocr.documents.find((doc) => doc.path.join('/') === extractor.documents[page.document]!.path.join('/'))!.fields.find((field) => field.name === 'invoiceNumber')!;
      expect(page.words[0]!.box).toEqual(invoiceNumber.box);
      // Every place the results were read from in this document has its boxes.
      for (const item of evidence.items) {
        for (const span of item.spans.filter((place) => place.document === page.document)) {
          expect(page.words.some((word) => word.block === span.block && word.start < span.end && span.start < word.end), `${item.name} in ${page.document}`).toBe(true);
        }
      }
    }
    // The picture was read at its own size: its boxes are in its pixels, not the PDF page's.
    expect([boxes[1]!.width, boxes[1]!.height]).not.toEqual([boxes[0]!.width, boxes[0]!.height]);
    // The published payload is unchanged: no boxes in it.
    const output = row.modules.find((module) => module.type === 'output')!.result;
    expect(JSON.stringify(output)).not.toContain('ocrBoxes');
    // The console's detail carries them to the browser.
    const answer = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${envId}/analyses/${id}`, headers: { authorization: `Bearer ${await signIn(server.app, 'admin')}` } });
    expect(answer.statusCode).toBe(200);
    const detailExtractor = (answer.json() as { modules: { type: string; result: ExtractorResult }[] }).modules.find((module) => module.type === 'extractor')!.result;
    expect(detailExtractor.ocrBoxes).toEqual(boxes);
  }, 200_000);
});
