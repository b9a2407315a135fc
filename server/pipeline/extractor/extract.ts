/**
 * The extractor module (§3 Extractor settings): the files of an analysis → text blocks per mail body,
 * document page and attachment, with every setting honoured:
 * - email: extract attachments, extract HTML (the HTML body is kept), conversation thread (off keeps
 *   the newest message only), ignored attachment extensions, headers;
 * - document (PDF, DOCX, DOC, ODT, PPTX, PPTM, ODP): max pages; OCR mode, max pages to OCR (ocr-step.ts);
 *   pictures embedded in office documents are read by OCR as documents of their own;
 * - spreadsheet (XLS, XLSX, XLSM, ODS): read vertically, unmerge cells, parse hidden sheets;
 * - image: minimum width and height (smaller images are left out, with a note); OCR;
 * - text/HTML: extract images (the page's inline pictures become documents, read by OCR);
 * - global: split per characters, split per page, character redundancy, use cache;
 * - sub-parsers: a file whose extension has a sub-parser block uses that block instead of the parser
 *   settings, for itself and for what it contains.
 * Formats without a parser here (legacy PPT, MP3 without a transcription service) give a document
 * with a note, never made-up text.
 */
import { createHash } from 'node:crypto';
import { type ExtractedDocument, type ExtractorResult } from '../../../src/contract/analyses';
import { extensionOf, inputTypeOf } from '../../../src/contract/uploads';
import type { ExtractorSettings, ParserSettings } from '../../../src/contract/environments';
import type { Attachment, Email } from '../../../src/parsing/model';
import { parseText } from '../../../src/parsing/text';
import { htmlToText } from './html-text';
import { imageSize } from './image-size';
import type { Parser } from './metered-parser';
import { ResultCache } from './result-cache';
import { splitText } from './split';
import { latestMessage } from './thread';
import type { OcrPage } from '../../../src/ocr/model';
import { sharedOcrPool } from '../../ocr/ocr-pool';
import { imageOcrRefusal, OcrLedger, pagesToOcr, type EnvironmentOcr, type OcrEngine } from './ocr-step';
import { htmlDocument, officeDocument, spreadsheetDocument } from './office-documents';
import { transcribe } from './transcribe';
import { llmConfig } from '../../llm/config';
import { encodePipelineMessage, pipelineMessage, sentence } from '../../../src/contract/pipeline-messages';
import { documentNote, unreadableNote, unreadableOf } from './document-notes';
import { extractionSummary } from './extraction-summary';

export interface ExtractorFile {
  id: string | null;
  name: string;
  role: 'main' | 'attachment';
  contentType: string;
  content: Uint8Array;
}

/** An attachment's bytes, for the output module's `attachmentData` option; never stored. */
export interface AttachmentBytes {
  fileName: string;
  contentType: string;
  path: string[];
  bytes: Uint8Array;
}

export interface ExtractionOutcome {
  result: ExtractorResult;
  attachments: AttachmentBytes[];
  /** Set when the main file could not be read at all: the extractor step fails. */
  mainFileError: string | null;
  /** One line for the trace. */
  summary: string;
  /**
   * Parts that failed although the main file was read (an attachment that could not be read, an
   * OCR page past its deadline): the analysis shows them and is not a plain success. Each is a stored
   * pipeline message (keys `extractor.failure.*`), read in the reader's language.
   */
  failures?: string[];
  /**
   * Every page and picture read by OCR, with its word boxes, for the later modules of this run (the
   * OCR data extraction module reads its fields from them instead of reading the pages again). Kept
   * in memory only: the stored result holds the text, not the boxes, which would make it many times
   * larger. Absent when an outcome is made without the extractor (the categorization test).
   */
  ocrPages?: OcrReadPage[];
}

/** One page of a document, or one picture (page 1), read by OCR; `path` is its document's path. */
export interface OcrReadPage {
  path: string[];
  page: number;
  read: OcrPage;
}

export interface ExtractOptions {
  /** The OCR engine (the process's shared pool by default). */
  ocr?: OcrEngine;
  /** The environment's content settings: OCR per JPG and PNG, max pages to OCR. */
  environment?: EnvironmentOcr;
}

/** Past this depth nested attachments (a mail in a mail in a mail…) are listed, not opened. */
const MAX_DEPTH = 8;

/** Content types of unnamed mail parts that are plain text in all but name. */
const TEXT_LIKE = /^(text\/|message\/(delivery-status|feedback-report|disposition-notification)|application\/(ics|json|xml))/i;

const cache = new ResultCache();

interface Context {
  settings: ExtractorSettings;
  parser: Parser;
  attachments: AttachmentBytes[];
  fileId: string | null;
  ocr: OcrEngine;
  environment: EnvironmentOcr | undefined;
  ledger: OcrLedger;
  /** Failures of parts of this file (attachments, OCR pages). */
  failures: string[];
  /** Pages and pictures this file's OCR read. */
  ocrPages: OcrReadPage[];
}

function settingsFor(settings: ExtractorSettings, fileName: string): ParserSettings {
  return settings.subParsers[extensionOf(fileName)] ?? settings.parser;
}

function blocksOf(text: string, parser: ParserSettings, page: number | null = null): ExtractedDocument['blocks'] {
  const { splitPerCharacters, characterRedundancy } = parser.global;
  return splitText(text.trim(), { size: splitPerCharacters, overlap: characterRedundancy }).map((block) => ({ page, text: block }));
}

function documentBase(
  ctx: Context,
  name: string,
  path: string[],
  source: ExtractedDocument['source'],
  contentType: string,
): ExtractedDocument {
  return { fileId: ctx.fileId, path, name, source, contentType, headers: null, html: null, pageCount: null, blocks: [], notes: [] };
}

function headerRecord(email: Email): Record<string, string> {
  const record: Record<string, string> = {};
  for (const header of email.headers) {
    // Repeated headers (Received…) are kept in order, one per line.
    record[header.name] = record[header.name] === undefined ? header.value : `${record[header.name]}\n${header.value}`;
  }
  // MSG files saved from Outlook often have no transport headers: give the fields every mail has.
  const address = (a: { name?: string; address?: string }) => (a.name && a.address ? `${a.name} <${a.address}>` : (a.address ?? a.name ?? ''));
  const fallback: Record<string, string | undefined> = {
    From: email.from ? address(email.from) : undefined,
    To: email.to.length ? email.to.map(address).join(', ') : undefined,
    Cc: email.cc.length ? email.cc.map(address).join(', ') : undefined,
    Subject: email.subject,
    Date: email.date,
    'Message-ID': email.messageId,
  };
  const present = new Set(Object.keys(record).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(fallback)) {
    if (value !== undefined && value !== '' && !present.has(name.toLowerCase())) record[name] = value;
  }
  return record;
}

async function mailDocuments(
  ctx: Context,
  email: Email,
  blobs: Uint8Array[],
  name: string,
  path: string[],
  source: ExtractedDocument['source'],
  depth: number,
): Promise<ExtractedDocument[]> {
  const parser = settingsFor(ctx.settings, name);
  const options = parser.email;
  const doc = documentBase(ctx, name, path, source, email.format === 'msg' ? 'application/vnd.ms-outlook' : 'message/rfc822');
  let text = email.text?.trim() ? email.text : email.html ? await htmlToText(email.html) : '';
  if (!options.conversationThread) {
    const thread = latestMessage(text);
    if (thread.cut) doc.notes.push(documentNote('document.threadLeftOut'));
    text = thread.latest;
  }
  if (options.headers) doc.headers = headerRecord(email);
  if (options.extractHtml && email.html) doc.html = email.html;
  doc.blocks = blocksOf(text, parser);
  if (text.trim() === '') doc.notes.push(documentNote('document.noBodyText'));
  const documents = [doc];
  if (email.attachments.length === 0) return documents;
  if (!options.extractAttachments) {
    doc.notes.push(documentNote('document.attachmentsNotExtracted', { count: email.attachments.length }));
    return documents;
  }
  const ignored = new Set(options.ignoredAttachmentExtensions.map((ext) => ext.replace(/^\./, '').toLowerCase()));
  for (const attachment of email.attachments) {
    const attachmentPath = [...path, attachment.name];
    const ext = extensionOf(attachment.name);
    if (ignored.has(ext)) {
      const skipped = documentBase(ctx, attachment.name, attachmentPath, 'attachment', attachment.contentType);
      skipped.notes.push(documentNote('document.ignoredExtension', { ext }));
      documents.push(skipped);
      continue;
    }
    const bytes = blobs[attachment.blobId] ?? new Uint8Array();
    ctx.attachments.push({ fileName: attachment.name, contentType: attachment.contentType, path: attachmentPath, bytes });
    if (depth + 1 > MAX_DEPTH) {
      const deep = documentBase(ctx, attachment.name, attachmentPath, 'attachment', attachment.contentType);
      deep.notes.push(documentNote('document.tooDeep', { depth: MAX_DEPTH }));
      documents.push(deep);
    } else if (attachment.message) {
      documents.push(...(await mailDocuments(ctx, attachment.message, blobs, attachment.name, attachmentPath, 'attachment', depth + 1)));
    } else {
      documents.push(...(await fileDocuments(ctx, attachment.name, attachment.contentType, bytes, attachmentPath, 'attachment', depth + 1)));
    }
  }
  return documents;
}

async function pdfDocument(
  ctx: Context,
  name: string,
  path: string[],
  source: ExtractedDocument['source'],
  pdf: { pageCount: number; pages: { number: number; text: string }[] },
  bytes: Uint8Array,
): Promise<ExtractedDocument> {
  const parser = settingsFor(ctx.settings, name);
  const doc = documentBase(ctx, name, path, source, 'application/pdf');
  doc.pageCount = pdf.pageCount;
  const { maxPages, ocrMode, maxPagesToOcr } = parser.document;
  const pages = pdf.pages.slice(0, maxPages).map((page) => ({ ...page }));
  if (pdf.pageCount > maxPages) doc.notes.push(documentNote('document.maxPages', { max: maxPages, total: pdf.pageCount }));
  const blank = pages.filter((page) => page.text.trim() === '').map((page) => page.number);
  if (ocrMode === 'OFF') {
    if (blank.length > 0) {
      doc.notes.push(blank.length === pages.length ? documentNote('document.noTextLayer') : documentNote('document.pagesWithoutTextLayer', { pages: blank.join(', ') }));
    }
  } else {
    const wanted = ocrMode === 'ON' ? pages.map((page) => page.number) : blank;
    const limit = pagesToOcr(maxPagesToOcr, ctx.environment);
    const chosen = wanted.slice(0, limit);
    if (wanted.length > chosen.length) doc.notes.push(documentNote('document.pagesNotOcr', { pages: wanted.slice(chosen.length).join(', '), limit }));
    for (const number of chosen) {
      const result = await ctx.ocr.recognize(bytes, { pdfPage: number, dpi: 300 });
      if (result.ok) {
        pages[number - 1]!.text = result.page.text;
        ctx.ocrPages.push({ path, page: number, read: result.page });
        ctx.ledger.read(result.page.confidence);
        doc.notes.push(documentNote('document.pageOcr', { page: number, confidence: result.page.confidence }));
      } else {
        ctx.ledger.failed(`${name} (p. ${number})`, result.message);
        ctx.failures.push(pipelineMessage('extractor.failure.ocrPage', { page: number, name, reason: result.message }));
        doc.notes.push(documentNote('document.pageOcrFailed', { page: number, reason: result.message }));
      }
    }
  }
  if (parser.global.splitPerPage) {
    doc.blocks = pages.flatMap((page) => blocksOf(page.text, parser, page.number));
  } else {
    doc.blocks = blocksOf(pages.map((page) => page.text.trim()).filter((text) => text !== '').join('\n\n'), parser);
  }
  return doc;
}

/** A picture (a file, an attachment, or embedded in a document or page) → its document, read by OCR when allowed. */
async function imageDocument(
  ctx: Context,
  name: string,
  contentType: string,
  bytes: Uint8Array,
  path: string[],
  source: ExtractedDocument['source'],
  parser: ParserSettings,
): Promise<ExtractedDocument> {
  const doc = documentBase(ctx, name, path, source, contentType);
  const size = imageSize(bytes);
  const { minWidth, minHeight } = parser.image;
  if (size !== null && (size.width < minWidth || size.height < minHeight)) {
    doc.notes.push(documentNote('document.imageTooSmall', { width: size.width, height: size.height, minWidth, minHeight }));
    return doc;
  }
  const refusal = imageOcrRefusal(name, parser.image.ocr, ctx.environment);
  if (refusal !== null) {
    doc.notes.push(refusal);
    return doc;
  }
  const result = await ctx.ocr.recognize(bytes);
  if (result.ok) {
    ctx.ocrPages.push({ path, page: 1, read: result.page });
    ctx.ledger.read(result.page.confidence);
    doc.pageCount = 1;
    doc.blocks = blocksOf(result.page.text, parser, parser.global.splitPerPage ? 1 : null);
    doc.notes.push(documentNote('document.pictureOcr', { confidence: result.page.confidence }));
  } else {
    ctx.ledger.failed(name, result.message);
    ctx.failures.push(pipelineMessage('extractor.failure.ocr', { name, reason: result.message }));
    doc.notes.push(documentNote('document.pictureOcrFailed', { reason: result.message }));
  }
  return doc;
}

/** Pictures embedded in a document or page → documents of their own, within the document's OCR page budget. */
async function embeddedImages(
  ctx: Context,
  owner: ExtractedDocument,
  images: Attachment[],
  blobs: Uint8Array[],
  parser: ParserSettings,
): Promise<ExtractedDocument[]> {
  const limit = pagesToOcr(parser.document.maxPagesToOcr, ctx.environment);
  if (images.length > limit) owner.notes.push(documentNote('document.embeddedNotOcr', { count: images.length - limit, limit }));
  const documents: ExtractedDocument[] = [];
  for (const image of images.slice(0, limit)) {
    documents.push(await imageDocument(ctx, image.name, image.contentType, blobs[image.blobId] ?? new Uint8Array(), [...owner.path, image.name], 'attachment', parser));
  }
  return documents;
}

/** One file (uploaded, or an attachment inside a mail) → its documents. */
async function fileDocuments(
  ctx: Context,
  name: string,
  contentType: string,
  bytes: Uint8Array,
  path: string[],
  source: ExtractedDocument['source'],
  depth: number,
): Promise<ExtractedDocument[]> {
  const parser = settingsFor(ctx.settings, name);
  const ext = extensionOf(name);
  const family = inputTypeOf(name);
  const note = (text: string, type = contentType): ExtractedDocument[] => {
    const doc = documentBase(ctx, name, path, source, type);
    doc.notes.push(text);
    return [doc];
  };

  if (family === 'email' || (family === null && /^message\/rfc822$/i.test(contentType))) {
    const response = await ctx.parser.parse(family === null ? `${name}.eml` : name, bytes);
    if (!response.ok) return note(unreadableNote(response.error.message));
    return mailDocuments(ctx, response.model.email!, response.blobs, name, path, source, depth);
  }
  if (ext === 'pdf') {
    const response = await ctx.parser.parse(name, bytes);
    if (!response.ok || response.model.pdf === undefined) {
      return note(response.ok ? unreadableNote({ why: 'notPdf' }) : unreadableNote(response.error.message), 'application/pdf');
    }
    return [await pdfDocument(ctx, name, path, source, response.model.pdf, bytes)];
  }
  if (family === 'image' || /^image\//i.test(contentType)) {
    return [await imageDocument(ctx, name, contentType, bytes, path, source, parser)];
  }
  const blocks = (text: string, page: number | null = null) => blocksOf(text, parser, page);
  if (family === 'text') {
    const response = await ctx.parser.parse(name, bytes);
    if (!response.ok || response.model.html === undefined) return note(response.ok ? unreadableNote({ why: 'notHtml' }) : unreadableNote(response.error.message), 'text/html');
    const doc = documentBase(ctx, name, path, source, 'text/html');
    const images = htmlDocument(doc, response.model.html, parser, blocks);
    return [doc, ...(await embeddedImages(ctx, doc, images, response.blobs, parser))];
  }
  if (family === 'document' || family === 'spreadsheet') {
    const response = await ctx.parser.parse(name, bytes);
    if (!response.ok) return note(unreadableNote(response.error.message), contentType);
    const doc = documentBase(ctx, name, path, source, response.model.contentType);
    if (response.model.spreadsheet) {
      spreadsheetDocument(doc, response.model.spreadsheet, parser, blocks);
      return [doc];
    }
    if (!response.model.document) return note(unreadableNote({ why: 'notFormat', ext }), contentType);
    const images = officeDocument(doc, response.model.document, parser, blocks);
    return [doc, ...(await embeddedImages(ctx, doc, images, response.blobs, parser))];
  }
  if (family === 'audio') {
    if (!parser.audio.transcript) return note(documentNote('document.transcriptOff'));
    const config = llmConfig();
    if (config === null) return note(documentNote('document.noTranscriptionService'));
    const transcript = await transcribe(config, name, bytes);
    const doc = documentBase(ctx, name, path, source, 'audio/mpeg');
    if (transcript.ok) {
      doc.blocks = blocks(transcript.text);
      doc.notes.push(documentNote('document.transcribed', { model: config.transcriptionModel }));
    } else {
      ctx.failures.push(pipelineMessage('extractor.failure.transcript', { name, reason: transcript.message }));
      doc.notes.push(documentNote('document.noTranscript', { reason: transcript.message }));
    }
    return [doc];
  }
  if (TEXT_LIKE.test(contentType)) {
    const doc = documentBase(ctx, name, path, source, contentType);
    doc.blocks = blocksOf(parseText(bytes).text, parser);
    return [doc];
  }
  return note(contentType || ext ? documentNote('document.noParser', { type: contentType || ext }) : documentNote('document.noParserUnknown'));
}

function cacheKey(file: ExtractorFile, settings: ExtractorSettings): string {
  return createHash('sha256')
    .update(file.content)
    .update('\0')
    .update(`${file.role}\0${file.name}\0${file.contentType}\0${JSON.stringify(settings)}`)
    .digest('hex');
}

/** Runs the extractor over the files of an analysis, main file first. */
export async function extract(
  files: readonly ExtractorFile[],
  settings: ExtractorSettings,
  parser: Parser,
  options: ExtractOptions = {},
): Promise<ExtractionOutcome> {
  const documents: ExtractedDocument[] = [];
  const attachments: AttachmentBytes[] = [];
  const failures: string[] = [];
  const ocrPages: OcrReadPage[] = [];
  const ledger = new OcrLedger();
  const ocr = options.ocr ?? sharedOcrPool();
  let mainFileError: string | null = null;
  let fromCache = 0;
  for (const file of files) {
    const useCache = settingsFor(settings, file.name).global.useCache;
    const key = useCache ? cacheKey(file, settings) : '';
    const cached = useCache ? cache.get(key) : undefined;
    let fileDocs: ExtractedDocument[];
    let fileAttachments: AttachmentBytes[];
    if (cached) {
      fromCache++;
      fileDocs = cached.documents.map((doc) => ({ ...doc, fileId: file.id }));
      fileAttachments = cached.attachments;
      ocrPages.push(...cached.ocrPages);
    } else {
      const ctx: Context = { settings, parser, attachments: [], fileId: file.id, ocr, environment: options.environment, ledger, failures: [], ocrPages: [] };
      if (file.role === 'attachment') {
        const ext = extensionOf(file.name);
        const mainName = files[0]?.name ?? '';
        const ignored = settingsFor(settings, mainName).email.ignoredAttachmentExtensions.map((e) => e.replace(/^\./, '').toLowerCase());
        if (ignored.includes(ext)) {
          const skipped = documentBase(ctx, file.name, [file.name], 'attachment', file.contentType);
          skipped.notes.push(documentNote('document.ignoredExtension', { ext }));
          documents.push(skipped);
          continue;
        }
        ctx.attachments.push({ fileName: file.name, contentType: file.contentType, path: [file.name], bytes: file.content });
      }
      fileDocs = await fileDocuments(ctx, file.name, file.contentType, file.content, [file.name], file.role, 0);
      fileAttachments = ctx.attachments;
      // Parts that could not be read, at any depth, are failures of this extraction.
      for (const doc of fileDocs) {
        const reason = unreadableOf(doc);
        if (reason !== null && !(file.role === 'main' && doc === fileDocs[0])) ctx.failures.push(encodePipelineMessage(sentence('extractor.failure.unreadable', { path: doc.path.join(' / ') }), reason));
      }
      failures.push(...ctx.failures);
      ocrPages.push(...ctx.ocrPages);
      // A failure is never cached: the next run (reanalyze) tries again.
      const unreadable = fileDocs[0] === undefined ? null : unreadableOf(fileDocs[0]);
      if (useCache && unreadable === null && ctx.failures.length === 0) cache.set(key, { documents: fileDocs, attachments: fileAttachments, ocrPages: ctx.ocrPages });
    }
    if (file.role === 'main') {
      const reason = fileDocs[0] === undefined ? null : unreadableOf(fileDocs[0]);
      if (reason !== null) mainFileError = encodePipelineMessage(sentence('extractor.mainFileNotRead', { name: file.name }), reason);
    }
    documents.push(...fileDocs);
    attachments.push(...fileAttachments);
  }
  return { result: { documents }, attachments, mainFileError, failures, ocrPages, summary: extractionSummary(documents, files.length, fromCache, ledger, failures) };
}
