/**
 * The OCR data extraction engine (src/ocr/fields.ts) on the scanned invoice (test-fixtures/scan),
 * read by the real OCR pool: label proximity, pattern and zone, each value with page, box and
 * confidence.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFields } from '../../src/ocr/fields';
import type { OcrPage } from '../../src/ocr/model';
import { OcrPool } from './ocr-pool';

const pool = new OcrPool(1);
let page: OcrPage;
beforeAll(async () => {
  const result = await pool.recognize(new Uint8Array(readFileSync(new URL('../../test-fixtures/scan/invoice-scan.pdf', import.meta.url))), { pdfPage: 1, dpi: 300 });
  if (!result.ok) throw new Error(result.message);
  page = result.page;
}, 60_000);
afterAll(() => pool.close());

describe('OCR data extraction', () => {
  it('keeps a label rule to the right of its label or to the line below when its direction says so', () => {
    const value = (direction?: 'right' | 'below' | 'rightOrBelow') => extractFields([page], [{ name: 'title', by: 'label', labels: ['FACTURE'], ...(direction ? { direction } : {}) }])[0]?.value;
    // "FACTURE" alone on the first line: right of it there is nothing, so "right" goes on to the next line holding the label.
    expect(value('right')).toBe('N° : FA-2026-0042');
    expect(value('below')).toBe('Atelier Marchand SARL');
    expect(value('rightOrBelow')).toBe('Atelier Marchand SARL');
    expect(value()).toBe('Atelier Marchand SARL');
  });

  it('reads the invoice fields by label and pattern, with page, box and confidence', () => {
    const fields = extractFields([page]);
    expect(fields.map((field) => [field.name, field.value, field.by])).toEqual([
      ['invoiceNumber', 'FA-2026-0042', 'label'],
      ['date', '14/11/2026', 'label'],
      ['totalExclTax', '1 029,80', 'label'],
      ['totalInclTax', '1 235,76', 'label'],
      ['iban', 'FR76 3000 6000 0112 3456 7890 189', 'pattern'],
    ]);
    for (const field of fields) {
      expect(field.page).toBe(1);
      expect(field.confidence).toBeGreaterThan(60);
      expect(field.box.x1).toBeGreaterThan(field.box.x0);
      expect(field.box.y1).toBeGreaterThan(field.box.y0);
    }
    // The total TTC sits below the total HT on the page.
    expect(fields[3]!.box.y0).toBeGreaterThan(fields[2]!.box.y1);
  });

  it('takes the value on the line below a label when its line has none', () => {
    const words = [
      { text: 'Montant', confidence: 90, box: { x0: 100, y0: 100, x1: 200, y1: 120 }, line: 0 },
      { text: 'TTC', confidence: 90, box: { x0: 210, y0: 100, x1: 260, y1: 120 }, line: 0 },
      { text: '99,90', confidence: 80, box: { x0: 110, y0: 130, x1: 180, y1: 150 }, line: 1 },
    ];
    const [total] = extractFields([{ text: '', confidence: 85, width: 1000, height: 1000, words }], [{ name: 'total', by: 'label', labels: ['Montant TTC'], value: '\\d+,\\d{2}' }]);
    expect(total).toMatchObject({ value: '99,90', page: 1, confidence: 80, box: { x0: 110, y0: 130 } });
  });

  it('reads the words inside a zone of the page', () => {
    // The seller's name and address: the top left of the page, under the title.
    const [seller] = extractFields([page], [{ name: 'seller', by: 'zone', zone: { x0: 0, y0: 0.135, x1: 0.6, y1: 0.18 } }]);
    expect(seller!.value).toBe('Atelier Marchand SARL\n12 rue des Lilas, 69003 Lyon');
  });
});
