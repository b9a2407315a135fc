/**
 * The preview's attachment bytes are the ones a run hands the output module: for the same files and
 * extractor settings, `attachmentBytes` (parse only) answers what `extract` (the run's extractor)
 * collects — attachments of the main mail, of a mail inside it, uploaded attachments — honouring
 * "extract attachments" and the ignored extensions.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractorSettingsSchema, type ExtractorSettings } from '../../src/contract/environments';
import { OcrPool } from '../ocr/ocr-pool';
import { extract, type ExtractorFile } from '../pipeline/extractor/extract';
import { MeteredParser } from '../pipeline/extractor/metered-parser';
import { attachmentBytes } from './attachment-bytes';

const parser = new MeteredParser();
const ocr = new OcrPool(1);
beforeAll(() => parser.warmUp());
afterAll(() => {
  parser.close();
  ocr.close();
});

const compose = (subject: string, attachments: { filename: string; content: string | Buffer; contentType: string }[]) =>
  new MailComposer({ from: 'client@example.com', to: 'desk@example.com', subject, text: `Bonjour, ${subject}.`, attachments }).compile().build();

function settings(email: Record<string, unknown> = {}): ExtractorSettings {
  const parsed = extractorSettingsSchema.parse({ parser: { email } });
  parsed.parser.global.useCache = false;
  return parsed;
}

let files: ExtractorFile[];
beforeAll(async () => {
  const inner = await compose('constat signé', [{ filename: 'signature.txt', content: 'Signé le 20/11/2026', contentType: 'text/plain' }]);
  const outer = await compose('déclaration de sinistre', [
    { filename: 'constat.txt', content: 'Constat amiable', contentType: 'text/plain' },
    { filename: 'notes.log', content: 'journal', contentType: 'text/plain' },
    { filename: 'transfert.eml', content: inner, contentType: 'message/rfc822' },
  ]);
  files = [
    { id: 'm', name: 'sinistre.eml', role: 'main', contentType: 'message/rfc822', content: new Uint8Array(outer) },
    { id: 'a', name: 'devis.txt', role: 'attachment', contentType: 'text/plain', content: new Uint8Array(Buffer.from('Devis 1200 EUR')) },
  ];
});

const view = (list: { fileName: string; path: string[]; bytes: Uint8Array }[]) => list.map((item) => ({ fileName: item.fileName, path: item.path, text: Buffer.from(item.bytes).toString('utf8') }));

describe('attachment bytes of a stored analysis', { timeout: 60_000 }, () => {
  it.each([
    ['default settings', {}, ['constat.txt', 'notes.log', 'transfert.eml', 'signature.txt', 'devis.txt']],
    ['ignored extensions', { ignoredAttachmentExtensions: ['log', 'txt'] }, ['transfert.eml']],
    ['extract attachments off', { extractAttachments: false }, ['devis.txt']],
  ])('are those the run collects, with %s', async (_name, email, names) => {
    const chosen = settings(email);
    const run = await extract(files, chosen, parser, { ocr });
    const preview = await attachmentBytes(files, chosen, parser);
    expect(view(preview)).toEqual(view(run.attachments));
    expect(preview.map((item) => item.fileName)).toEqual(names);
  });

  it('hold every attachment, nested mails included, as bytes', async () => {
    const preview = view(await attachmentBytes(files, settings(), parser));
    expect(preview).toEqual([
      { fileName: 'constat.txt', path: ['sinistre.eml', 'constat.txt'], text: 'Constat amiable' },
      { fileName: 'notes.log', path: ['sinistre.eml', 'notes.log'], text: 'journal' },
      { fileName: 'transfert.eml', path: ['sinistre.eml', 'transfert.eml'], text: expect.stringContaining('Bonjour, constat sign=C3=A9.') },
      { fileName: 'signature.txt', path: ['sinistre.eml', 'transfert.eml', 'signature.txt'], text: 'Signé le 20/11/2026' },
      { fileName: 'devis.txt', path: ['devis.txt'], text: 'Devis 1200 EUR' },
    ]);
  });
});
