/**
 * The shared extractor gives what the server's extractor gave before it moved here: the snapshot was
 * taken from server/pipeline/extractor/extract.ts with the default settings (cache off) on fixtures
 * whose text needs no OCR (mails nested in mails, attachments of every kind, a PDF past max pages).
 * HTML bodies are compared by their SHA-256 to keep the snapshot small.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extractorSettingsSchema } from '../contract/environments';
import { decodePipelineMessage } from '../contract/pipeline-messages';
import { fixture } from '../parsing/test-support/fixtures';
import type { ExtractedDocument } from '../contract/analyses';
import { extractFiles } from './extract-files';
import { inPlaceParser, localServices } from './local-services';
import snapshot from './extract-files.snapshot.json';

const settings = extractorSettingsSchema.parse({});
settings.parser.global.useCache = false;

const hashed = (documents: ExtractedDocument[]) =>
  documents.map((doc) => ({ ...doc, html: doc.html === null ? null : `sha256:${createHash('sha256').update(doc.html).digest('hex')}` }));

async function extractFixture(path: string) {
  const name = path.split('/').pop()!;
  return extractFiles([{ id: 'main', name, role: 'main', contentType: 'application/octet-stream', content: fixture(path) }], settings, localServices(inPlaceParser));
}

describe('the shared extractor', () => {
  it.each(Object.keys(snapshot))('gives the server extractor’s result on %s', async (path) => {
    const { result, failures, mainFileError } = await extractFixture(path);
    const before = (snapshot as Record<string, { result: { documents: unknown[] }; failures: string[]; mainFileError: string | null }>)[path]!;
    expect({ documents: hashed(result.documents), failures, mainFileError }).toEqual({ documents: before.result.documents, failures: before.failures, mainFileError: before.mainFileError });
  });

  it('notes the pages without text as not read where no OCR runs, instead of failing', async () => {
    const pdf = await inPlaceParser.parse('invoice.pdf', fixture('pdf/invoice.pdf'));
    expect(pdf.ok).toBe(true);
    const scanned = { ...settings, parser: { ...settings.parser, document: { ...settings.parser.document, ocrMode: 'AUTO' as const } } };
    const services = localServices({ parse: async () => (pdf.ok ? { ...pdf, model: { ...pdf.model, pdf: { ...pdf.model.pdf!, pages: pdf.model.pdf!.pages.map((page) => ({ ...page, text: '' })) } } } : pdf) });
    const outcome = await extractFiles([{ id: null, name: 'scan.pdf', role: 'main', contentType: 'application/pdf', content: new Uint8Array() }], scanned, services);
    expect(outcome.failures).toEqual([]);
    expect(outcome.mainFileError).toBeNull();
    expect(outcome.result.documents[0]!.notes.map((note) => decodePipelineMessage(note)?.[0]?.key)).toEqual(['document.pagesNotReadHere']);
  });
});
