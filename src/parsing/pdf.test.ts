// Expected values were read with pypdf before being written here.
import { describe, expect, it } from 'vitest';
import { parsePdf, parsePdfDocument } from './pdf';
import { BlobStore } from './model';
import { fixture } from './test-support/fixtures';

describe('PDF parser', () => {
  it('counts the 120 pages of the report and reads page 100', async () => {
    const { model } = await parsePdf(fixture('pdf/report-120-pages.pdf'));
    expect(model.pageCount).toBe(120);
    expect(model.pages).toHaveLength(120);
    expect(model.pages[99]!.text).toContain('Page 100 of the report. Order reference ORD-10100.');
    expect(model.producer).toBe('GPL Ghostscript 10.00.0');
    expect(model.creator).toBe('groff version 1.22.4');
  });

  it('can skip the page text (the viewer reads it per page, on demand)', async () => {
    const blobs = new BlobStore();
    const model = await parsePdfDocument(fixture('pdf/report-120-pages.pdf'), blobs, undefined, { pageText: false });
    expect(model.pageCount).toBe(120);
    expect(model.pages).toEqual([]);
    expect(model.textOmitted).toBe(true);
    expect(model.creator).toBe('groff version 1.22.4');
  });

  it('reads French accents and the euro sign', async () => {
    const { model } = await parsePdf(fixture('pdf/claim-letter-fr.pdf'));
    expect(model.pageCount).toBe(1);
    expect(model.pages[0]!.text).toContain('Élodie Marchand');
    expect(model.pages[0]!.text).toContain('€');
    expect(model.creationDate).toBe('2026-11-20T23:53:57.000Z');
  });

  it('reads the invoice total', async () => {
    const { model } = await parsePdf(fixture('pdf/invoice.pdf'));
    expect(model.pages[0]!.text).toContain('Total due: 1 234,56 EUR');
  });
});
