/**
 * One file (uploaded, or an attachment inside a mail) → its documents, by format: mails (with their
 * attachments, recursively), PDFs, pictures, HTML, office documents, spreadsheets, audio, plain text.
 */
import type { ExtractedDocument } from '../contract/analyses';
import { pipelineMessage } from '../contract/pipeline-messages';
import { extensionOf, inputTypeOf } from '../contract/uploads';
import type { Email } from '../parsing/model';
import { failureReason } from '../contract/failure-reasons';
import { documentNote, unreadableNote } from './document-notes';
import { asBlocks, blocksOf, documentBase, settingsFor, splitOptionsOf, type Context } from './extract-context';
import { headerRecord } from './mail-headers';
import { embeddedImages, imageDocument, pdfDocument } from './ocr-documents';
import { htmlDocument, officeDocument, spreadsheetDocument } from './office-documents';

/** Past this depth nested attachments (a mail in a mail in a mail…) are listed, not opened. */
const MAX_DEPTH = 8;

/** Content types of unnamed mail parts that are plain text in all but name. */
const TEXT_LIKE = /^(text\/|message\/(delivery-status|feedback-report|disposition-notification)|application\/(ics|json|xml))/i;

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
  const body = await ctx.readBody({ text: email.text ?? null, html: email.html ?? null }, { latestOnly: !options.conversationThread, split: splitOptionsOf(parser) });
  if (options.headers) doc.headers = headerRecord(email);
  if (options.extractHtml && email.html) doc.html = email.html;
  if (!body.ok) {
    doc.notes.push(unreadableNote(body.reason));
  } else {
    if (body.value.threadCut) doc.notes.push(documentNote('document.threadLeftOut'));
    doc.blocks = asBlocks(body.value.blocks);
    if (body.value.empty) doc.notes.push(documentNote('document.noBodyText'));
  }
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

/** One file (uploaded, or an attachment inside a mail) → its documents. */
export async function fileDocuments(
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
    if (!response.ok) return note(unreadableNote(failureReason(response.error)));
    return mailDocuments(ctx, response.model.email!, response.blobs, name, path, source, depth);
  }
  if (ext === 'pdf') {
    const response = await ctx.parser.parse(name, bytes);
    if (!response.ok || response.model.pdf === undefined) {
      return note(response.ok ? unreadableNote({ why: 'notPdf' }) : unreadableNote(failureReason(response.error)), 'application/pdf');
    }
    return [await pdfDocument(ctx, name, path, source, response.model.pdf, bytes)];
  }
  if (family === 'image' || /^image\//i.test(contentType)) {
    return [await imageDocument(ctx, name, contentType, bytes, path, source, parser)];
  }
  const blocks = (text: string, page: number | null = null) => blocksOf(text, parser, page);
  if (family === 'text') {
    const response = await ctx.parser.parse(name, bytes);
    if (!response.ok || response.model.html === undefined) return note(response.ok ? unreadableNote({ why: 'notHtml' }) : unreadableNote(failureReason(response.error)), 'text/html');
    const doc = documentBase(ctx, name, path, source, 'text/html');
    const images = htmlDocument(doc, response.model.html, parser, blocks);
    return [doc, ...(await embeddedImages(ctx, doc, images, response.blobs, parser))];
  }
  if (family === 'document' || family === 'spreadsheet') {
    const response = await ctx.parser.parse(name, bytes);
    if (!response.ok) return note(unreadableNote(failureReason(response.error)), contentType);
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
    const service = ctx.audio();
    if ('note' in service) return note(service.note);
    const transcript = await service.transcriber.transcribe(name, bytes);
    const doc = documentBase(ctx, name, path, source, 'audio/mpeg');
    if (transcript.ok) {
      doc.blocks = blocks(transcript.text);
      doc.notes.push(documentNote('document.transcribed', { model: service.transcriber.model }));
    } else {
      ctx.failures.push(pipelineMessage('extractor.failure.transcript', { name, reason: transcript.reason }));
      doc.notes.push(documentNote('document.noTranscript', { reason: transcript.reason }));
    }
    return [doc];
  }
  if (TEXT_LIKE.test(contentType)) {
    const text = await ctx.readBody({ bytes }, { latestOnly: false, split: splitOptionsOf(parser) });
    if (!text.ok) return note(unreadableNote(text.reason));
    const doc = documentBase(ctx, name, path, source, contentType);
    doc.blocks = asBlocks(text.value.blocks);
    return [doc];
  }
  return note(contentType || ext ? documentNote('document.noParser', { type: contentType || ext }) : documentNote('document.noParserUnknown'));
}
