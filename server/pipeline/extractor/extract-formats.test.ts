/**
 * The office formats, HTML pages and OCR in the extractor, on the repository's LibreOffice-made
 * fixtures (test-fixtures/README.md), through the real parse thread and the real OCR pool
 * (tesseract.js with the French and English data from npm).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractorSettingsSchema, type ExtractorSettings } from '../../../src/contract/environments';
import { extract, type ExtractorFile } from './extract';
import { MeteredParser } from './metered-parser';
import { OcrPool } from '../../ocr/ocr-pool';
import { inEnglish } from '../../test-support/pipeline-text';

const REPO = new URL('../../../test-fixtures/', import.meta.url);
const parser = new MeteredParser();
const ocr = new OcrPool(1);
beforeAll(() => parser.warmUp());
afterAll(() => {
  parser.close();
  ocr.close();
});

function settings(input: Record<string, unknown> = {}): ExtractorSettings {
  const parsed = extractorSettingsSchema.parse(input);
  parsed.parser.global.useCache = false;
  return parsed;
}
const file = (path: string, role: ExtractorFile['role'] = 'main'): ExtractorFile => ({
  id: 'f',
  name: path.split('/').pop()!,
  role,
  contentType: 'application/octet-stream',
  content: new Uint8Array(readFileSync(new URL(path, REPO))),
});
const text = (doc: { blocks: { text: string }[] }) => doc.blocks.map((block) => block.text).join('\n');

describe('office documents', () => {
  it('reads a DOCX per page and its embedded picture by OCR', async () => {
    const { result, summary } = await extract([file('office/letter.docx')], settings({ parser: { global: { splitPerPage: true } } }), parser, { ocr });
    const [letter, picture] = result.documents;
    expect(letter!.pageCount).toBe(2);
    expect(letter!.blocks.map((block) => block.page)).toEqual([1, 2]);
    expect(letter!.blocks[1]!.text).toBe('Page deux : pièces jointes et signature.\nÉlodie Marchand');
    expect(picture!.path).toEqual(['letter.docx', 'image1.png']);
    expect(text(picture!)).toContain('Date : 14/11/2026');
    expect(inEnglish(picture!.notes[0])).toMatch(/^The picture was read by OCR \(confidence \d+ %\)\.$/);
    expect(inEnglish(summary)).toMatch(/OCR read 1 page\(s\) or picture\(s\), mean confidence \d+ %/);
  }, 60_000);

  it('leaves embedded pictures unread when the OCR mode is OFF, and honours max pages', async () => {
    const { result } = await extract([file('office/letter.odt')], settings({ parser: { document: { ocrMode: 'OFF', maxPages: 1 } } }), parser, { ocr });
    expect(result.documents).toHaveLength(1);
    expect(text(result.documents[0]!)).not.toContain('Élodie');
    expect(result.documents[0]!.notes.map(inEnglish)).toEqual(['Only the first 1 of 2 pages were extracted (max pages).', '1 embedded picture(s) not read: OCR mode is OFF for documents.']);
  });

  it('reads slides and says plainly that a legacy PPT cannot be read', async () => {
    const pptx = await extract([file('office/slides.pptm')], settings(), parser, { ocr });
    expect(text(pptx.result.documents[0]!)).toContain('Slide two: amounts\nTotal due 1 234,56 EUR');
    const ppt = await extract([file('office/slides.ppt')], settings(), parser, { ocr });
    expect(ppt.mainFileError).toBeNull();
    expect(inEnglish(ppt.result.documents[0]!.notes[0])).toContain('PPT files (PowerPoint 97–2003) cannot be read safely');
  });

  it('fails the analysis on a damaged DOCX main file', async () => {
    const { mainFileError } = await extract([file('damaged/truncated-letter.docx')], settings(), parser, { ocr });
    expect(inEnglish(mainFileError)).toMatch(/^The main file "truncated-letter.docx" could not be read: the file is unreadable or damaged\.?$/);
  });
});

describe('spreadsheets', () => {
  it('honours unmerge cells, read vertically and parse hidden sheets', async () => {
    const plain = await extract([file('office/orders.xlsx')], settings(), parser, { ocr });
    expect(text(plain.result.documents[0]!)).toBe('Commandes\nCommandes novembre\tCommandes novembre\nRéférence\tClient\tMontant\nCMD-101\tDupont\t120.5\nCMD-102\tLefèvre\t89');
    expect(plain.result.documents[0]!.notes.map(inEnglish)).toEqual(['1 hidden sheet(s) left out (parse hidden sheets is off).']);
    const all = await extract(
      [file('office/orders.ods')],
      settings({ parser: { spreadsheet: { readVertically: true, unmergeCells: false, parseHiddenSheets: true } } }),
      parser,
      { ocr },
    );
    expect(text(all.result.documents[0]!)).toBe(
      'Commandes\nCommandes novembre\tRéférence\tCMD-101\tCMD-102\n\tClient\tDupont\tLefèvre\n\tMontant\t120.5\t89\n\nInterne\nNote interne : marge 42 %',
    );
  });
});

describe('HTML pages', () => {
  it('reads the text, and the inline picture by OCR when extract images is on', async () => {
    const off = await extract([file('office/page.html')], settings(), parser, { ocr });
    expect(off.result.documents).toHaveLength(1);
    expect(text(off.result.documents[0]!)).toContain('Votre colis n° CP-7781 vous attend au bureau de poste.');
    const on = await extract([file('office/page.html')], settings({ parser: { textHtml: { extractImages: true } } }), parser, { ocr });
    expect(on.result.documents).toHaveLength(2);
    expect(on.result.documents[0]!.notes.map(inEnglish)).toEqual(['1 remote picture(s) not fetched (the platform never loads remote content).']);
    expect(text(on.result.documents[1]!)).toContain('FA-2026-0042');
  }, 60_000);
});

describe('OCR of scans', () => {
  it('reads the scanned invoice PDF by OCR in AUTO mode, and not at all when OFF', async () => {
    const auto = await extract([file('scan/invoice-scan.pdf')], settings(), parser, { ocr });
    const doc = auto.result.documents[0]!;
    expect(text(doc)).toContain('Facture N° : FA-2026-0042');
    expect(text(doc)).toContain('Total TTC : 1 235,76 EUR');
    expect(inEnglish(doc.notes[0])).toMatch(/^Page 1 read by OCR \(confidence (9\d|100) %\)\.$/);
    const off = await extract([file('scan/invoice-scan.pdf')], settings({ parser: { document: { ocrMode: 'OFF' } } }), parser, { ocr });
    expect(off.result.documents[0]!.blocks).toEqual([]);
    expect(off.result.documents[0]!.notes.map(inEnglish)).toEqual(['No page has a text layer; OCR is off for documents, so no text came from them.']);
  }, 60_000);

  it('stops at max pages to OCR, the smaller of the extractor and the environment', async () => {
    const { result } = await extract([file('scan/invoice-scan.pdf')], settings(), parser, { ocr, environment: { ocrJpg: true, ocrPng: true, maxPagesToOcr: 0 } });
    expect(result.documents[0]!.notes.map(inEnglish)).toEqual(['Page(s) 1 were not read by OCR (max pages to OCR: 0).']);
  });

  it('reads a PNG and a JPG only when the environment allows OCR per PNG and per JPG', async () => {
    const allowed = await extract([file('scan/invoice-scan.jpg')], settings(), parser, { ocr, environment: { ocrJpg: true, ocrPng: false, maxPagesToOcr: 10 } });
    expect(text(allowed.result.documents[0]!)).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
    const refused = await extract([file('scan/invoice-scan.png')], settings(), parser, { ocr, environment: { ocrJpg: true, ocrPng: false, maxPagesToOcr: 10 } });
    expect(refused.result.documents[0]!.notes.map(inEnglish)).toEqual(['No text extracted: OCR per PNG is off in the environment content settings.']);
  }, 60_000);

  it('ends a page past its deadline in a failure the analysis shows, and never caches it', async () => {
    const slow = new OcrPool(1, 1);
    try {
      const cached = extractorSettingsSchema.parse({});
      const { failures, result } = await extract([file('scan/invoice-scan.pdf')], cached, parser, { ocr: slow });
      expect(failures?.map(inEnglish)).toEqual(['OCR of page 1 of "invoice-scan.pdf" failed: it took longer than the 0.001 s allowed and was stopped']);
      expect(result.documents[0]!.notes.map(inEnglish)).toEqual(['OCR of page 1 failed: it took longer than the 0.001 s allowed and was stopped']);
      const again = await extract([file('scan/invoice-scan.pdf')], cached, parser, { ocr });
      expect(inEnglish(again.summary)).not.toContain('cache');
      expect(text(again.result.documents[0]!)).toContain('FA-2026-0042');
    } finally {
      slow.close();
    }
  }, 60_000);
});
