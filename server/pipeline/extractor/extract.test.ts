/**
 * Every extractor setting of §3 on the shared fixtures, through the real parsers on a worker thread.
 * Expected texts were read from the files with `npm run parse` and checked against the PDFs' and
 * mails' sources.
 */
import { readFileSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractorSettingsSchema, type ExtractorSettings } from '../../../src/contract/environments';
import { fixture } from '../testing/analyses';
import { extract, type ExtractorFile } from './extract';
import { MeteredParser } from './metered-parser';
import { ResultCache } from './result-cache';
import { OcrPool } from '../../ocr/ocr-pool';
import { inEnglish } from '../../test-support/pipeline-text';

const parser = new MeteredParser();
const ocr = new OcrPool(1);
beforeAll(() => parser.warmUp());
afterAll(() => {
  parser.close();
  ocr.close();
});

/** Settings from a partial input; the cache is off unless a test is about it. */
function settings(input: Record<string, unknown> = {}): ExtractorSettings {
  const parsed = extractorSettingsSchema.parse(input);
  parsed.parser.global.useCache = (input as { parser?: { global?: { useCache?: boolean } } }).parser?.global?.useCache ?? false;
  for (const sub of Object.values(parsed.subParsers)) sub.global.useCache = false;
  return parsed;
}

function main(path: string, name = path.split('/').pop()!): ExtractorFile {
  return { id: 'main-file', name, role: 'main', contentType: 'application/octet-stream', content: fixture(path) };
}

async function composeMail(text: string): Promise<Buffer> {
  return new MailComposer({ from: 'client@example.com', to: 'desk@example.com', subject: 'Re: contrat AB-77812', text }).compile().build();
}

const INVOICE = 'Invoice INV-2026-118\nCustomer: ACME SA\nTotal due: 1 234,56 EUR';

describe('email settings', () => {
  it('extracts the attachments of a mail, nested mails and their PDFs included, with their path', async () => {
    const { result, attachments } = await extract([main('msg/Outer mail.msg')], settings(), parser);
    expect(result.documents.map((d) => [d.path.join(' / '), d.blocks.map((b) => b.text).join('')])).toEqual([
      ['Outer mail.msg', 'Outer mail'],
      ['Outer mail.msg / OUTER 1.pdf', 'OUTER 1'],
      ['Outer mail.msg / OUTER 2.pdf', 'OUTER 2'],
      ['Outer mail.msg / Inner mail.msg', 'Inner mail'],
      ['Outer mail.msg / Inner mail.msg / INNER 1.pdf', 'INNER 1'],
      ['Outer mail.msg / Inner mail.msg / INNER 2.pdf', 'INNER 2'],
    ]);
    expect(attachments.map((a) => a.fileName)).toContain('OUTER 1.pdf');
  });

  it('leaves the attachments out when extract attachments is off, and says so', async () => {
    const { result } = await extract([main('msg/Outer mail.msg')], settings({ parser: { email: { extractAttachments: false } } }), parser);
    expect(result.documents).toHaveLength(1);
    expect(result.documents[0]!.notes.map(inEnglish)).toEqual(['3 attachment(s) not extracted (extract attachments is off).']);
  });

  it('keeps the HTML body only when extract HTML is on', async () => {
    const on = await extract([main('eml/mixed.eml')], settings(), parser);
    expect(on.result.documents[0]!.html).toContain('This e-mail message has been scanned for Viruses and Content and cleared');
    const off = await extract([main('eml/mixed.eml')], settings({ parser: { email: { extractHtml: false } } }), parser);
    expect(off.result.documents[0]!.html).toBeNull();
    expect(off.result.documents[0]!.blocks[0]!.text).toContain('Good Morning;');
  });

  it('reads the text of an HTML-only mail', async () => {
    const { result } = await extract([main('msg/newOutlook Microsoft Outlook test.msg')], settings(), parser);
    expect(result.documents[0]!.blocks[0]!.text).toBe('この電子メール メッセージは、アカウントの設定のテスト中に、Microsoft Outlook から自動送信されたものです。');
  });

  it('skips attachments whose extension is ignored, with a note, and keeps the others', async () => {
    const { result } = await extract([main('msg/attachmentFiles.msg')], settings({ parser: { email: { ignoredAttachmentExtensions: ['png', '.TIF'] } } }), parser);
    const byName = Object.fromEntries(result.documents.map((d) => [d.name, d.notes.map(inEnglish)]));
    expect(byName['png.png']).toEqual(['Not extracted: the extension "png" is in the ignored attachment extensions.']);
    expect(byName['tif.tif']).toEqual(['Not extracted: the extension "tif" is in the ignored attachment extensions.']);
    expect(byName['jpg.jpg']).toEqual(['Left out: 16×16 px is under the minimum image size of 50×50 px.']);
  });

  it('gives the headers only when headers is on, with the fields of an MSG without transport headers', async () => {
    const on = await extract([main('msg/attachmentFiles.msg')], settings(), parser);
    expect(on.result.documents[0]!.headers).toMatchObject({ Subject: 'attachmentFiles' });
    const outer = await extract([main('msg/Outer mail.msg')], settings(), parser);
    expect(outer.result.documents[0]!.headers).toMatchObject({ Subject: 'Outer mail', Date: '2023-02-15T05:46:05.000Z' });
    const off = await extract([main('msg/attachmentFiles.msg')], settings({ parser: { email: { headers: false } } }), parser);
    expect(off.result.documents[0]!.headers).toBeNull();
  });

  it('gives the SMTP address of an Exchange (X.500) sender when the file holds one, as the files viewer does', async () => {
    // A real Outlook meeting: the sender is named by X.500 address only; the recipient entry with the same X.500 address holds the SMTP one.
    const meeting = await extract([main('msg/A schedule.msg')], settings(), parser);
    expect(meeting.result.documents[0]!.headers).toMatchObject({ From: 'UnoKenji <ku@digitaldolphins.onmicrosoft.com>' });
    const sent = await extract([{ ...main('msg/sent2.msg'), content: readFileSync(new URL('../../../test-fixtures/msg/ex-sender-5d01.msg', import.meta.url)) }], settings(), parser);
    expect(sent.result.documents[0]!.headers).toMatchObject({ From: 'UnoKenji <ku@digitaldolphins.onmicrosoft.com>' });
  });

  it('keeps only the newest message unless conversation thread is on', async () => {
    // No fixture quotes an earlier message, so this one is composed (MIME by nodemailer).
    const body = 'Bonjour,\nvoici le numéro de sinistre demandé.\n\n-----Original Message-----\nFrom: desk@example.com\nSent: lundi\nMerci de nous donner le numéro.';
    const file: ExtractorFile = { id: 'm', name: 'reply.eml', role: 'main', contentType: 'message/rfc822', content: await composeMail(body) };
    const off = await extract([file], settings(), parser);
    expect(off.result.documents[0]!.blocks.map((b) => b.text)).toEqual(['Bonjour,\nvoici le numéro de sinistre demandé.']);
    expect(off.result.documents[0]!.notes.map(inEnglish)).toContain('The quoted conversation thread was left out (conversation thread is off).');
    const on = await extract([file], settings({ parser: { email: { conversationThread: true } } }), parser);
    expect(on.result.documents[0]!.blocks[0]!.text).toContain('Merci de nous donner le numéro.');
  });
});

describe('documents and splitting', () => {
  it('reads at most max pages, and says how many were left', async () => {
    const { result } = await extract([main('pdf/report-120-pages.pdf')], settings({ parser: { document: { maxPages: 2 } } }), parser);
    const doc = result.documents[0]!;
    expect(doc.pageCount).toBe(120);
    expect(doc.notes.map(inEnglish)).toEqual(['Only the first 2 of 120 pages were extracted (max pages).']);
    expect(doc.blocks.map((b) => b.text).join('')).toContain('Order reference ORD-10002');
    expect(doc.blocks.map((b) => b.text).join('')).not.toContain('ORD-10003');
  });

  it('splits per page when asked, numbering the blocks by page', async () => {
    const { result } = await extract(
      [main('pdf/report-120-pages.pdf')],
      settings({ parser: { document: { maxPages: 3 }, global: { splitPerPage: true } } }),
      parser,
    );
    const blocks = result.documents[0]!.blocks;
    expect(blocks.map((b) => b.page)).toEqual([1, 2, 3]);
    expect(blocks[0]!.text).toMatch(/^Quarterly operations report\nPostroom test data\n1\. Section 1\nPage 1 of the report\. Order reference ORD-10001\./);
  });

  it('cuts blocks of split per characters with the character redundancy repeated', async () => {
    const { result } = await extract([main('pdf/invoice.pdf')], settings({ parser: { global: { splitPerCharacters: 20, characterRedundancy: 5 } } }), parser);
    expect(result.documents[0]!.blocks.map((b) => b.text)).toEqual([
      INVOICE.slice(0, 20),
      INVOICE.slice(15, 35),
      INVOICE.slice(30, 50),
      INVOICE.slice(45, 65),
    ]);
  });

  it('uses blocks of 4000 characters by default (§9)', async () => {
    const { result } = await extract([main('pdf/report-120-pages.pdf')], settings({ parser: { document: { maxPages: 120 } } }), parser);
    const blocks = result.documents[0]!.blocks;
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.slice(0, -1).every((b) => Array.from(b.text).length === 4000)).toBe(true);
    expect(blocks.at(-1)!.text).toContain('ORD-10120');
  });

  it('applies a sub-parser block to its extension only, inside a mail too', async () => {
    const { result } = await extract(
      [main('msg/Outer mail.msg')],
      settings({ subParsers: { pdf: { global: { splitPerCharacters: 4 } } } }),
      parser,
    );
    const byPath = Object.fromEntries(result.documents.map((d) => [d.path.join(' / '), d.blocks.map((b) => b.text)]));
    expect(byPath['Outer mail.msg']).toEqual(['Outer mail']);
    expect(byPath['Outer mail.msg / OUTER 1.pdf']).toEqual(['OUTE', 'R 1']);
  });

  it('reads a sub-parser email block for its extension instead of the parser settings', async () => {
    const { result } = await extract(
      [main('msg/Outer mail.msg')],
      settings({ subParsers: { msg: { email: { extractAttachments: false } } } }),
      parser,
    );
    expect(result.documents).toHaveLength(1);
  });

  it('fails the main file when it cannot be read, and only notes an unreadable attachment', async () => {
    const broken: ExtractorFile = { id: 'b', name: 'broken.pdf', role: 'main', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 nothing') };
    const failed = await extract([broken], settings(), parser);
    expect(inEnglish(failed.mainFileError)).toMatch(/^The main file "broken.pdf" could not be read/);
    const attached = await extract([main('eml/mixed.eml'), { ...broken, role: 'attachment' }], settings(), parser);
    expect(attached.mainFileError).toBeNull();
    expect(inEnglish(attached.result.documents[1]!.notes[0])).toMatch(/^Could not be read/);
    // Not a plain success: the failure is listed for the analysis and the trace.
    expect(attached.failures?.map(inEnglish)).toEqual([expect.stringMatching(/^"broken.pdf" could not be read/)]);
    expect(inEnglish(attached.summary)).toContain('1 part(s) could not be read');
  });

  it('reuses an earlier extraction of the same file when use cache is on', async () => {
    const cached = settings({ parser: { global: { useCache: true, splitPerCharacters: 3999 } } });
    const cache = new ResultCache();
    await extract([main('pdf/claim-letter-fr.pdf')], cached, parser, { cache });
    const again = await extract([main('pdf/claim-letter-fr.pdf')], cached, parser, { cache });
    expect(inEnglish(again.summary)).toContain('1 file(s) from the cache');
    expect(again.result.documents[0]!.blocks[0]!.text).toMatch(/^Déclaration de sinistre — dossier 2026-0042/);
    const fresh = await extract([main('pdf/claim-letter-fr.pdf')], { ...cached, parser: { ...cached.parser, global: { ...cached.parser.global, useCache: false } } }, parser, { cache });
    expect(inEnglish(fresh.summary)).not.toContain('cache');
    // Another pipeline's cache (another server) holds nothing of this one's.
    const elsewhere = await extract([main('pdf/claim-letter-fr.pdf')], cached, parser, { cache: new ResultCache() });
    expect(inEnglish(elsewhere.summary)).not.toContain('cache');
  });

  it('keys the cache on the SHA-256 stored with a file, without hashing its bytes again', async () => {
    const cached = settings({ parser: { global: { useCache: true } } });
    const cache = new ResultCache();
    const stored = { ...main('pdf/claim-letter-fr.pdf'), sha256: 'a'.repeat(64) };
    await extract([stored], cached, parser, { cache });
    // The stored digest decides: the same bytes under another digest are another file for the cache.
    const sameDigest = await extract([{ ...stored }], cached, parser, { cache });
    expect(inEnglish(sameDigest.summary)).toContain('1 file(s) from the cache');
    const otherDigest = await extract([{ ...stored, sha256: 'b'.repeat(64) }], cached, parser, { cache });
    expect(inEnglish(otherDigest.summary)).not.toContain('cache');
  });

  it('leaves out images under the minimum width and height (sizes read from the PNG, GIF and JPEG headers)', async () => {
    // attach.png is 256×32 px (checked with file(1)).
    const tall = await extract([main('msg/attachAndInline.msg')], settings({ parser: { image: { minWidth: 50, minHeight: 50 } } }), parser);
    expect(tall.result.documents.find((d) => d.name === 'attach.png')!.notes.map(inEnglish)).toEqual(['Left out: 256×32 px is under the minimum image size of 50×50 px.']);
    const low = await extract([main('msg/attachAndInline.msg')], settings({ parser: { image: { minWidth: 256, minHeight: 32 } } }), parser, { ocr });
    expect(inEnglish(low.result.documents.find((d) => d.name === 'attach.png')!.notes[0])).toMatch(/^The picture was read by OCR \(confidence \d+ %\)\.$/);
  });
});
