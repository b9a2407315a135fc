/** PDFs and pictures → documents, their pages without a text layer (or every page) read by OCR within the page budget. */
import type { ExtractedDocument } from '../contract/analyses';
import type { ParserSettings } from '../contract/environments';
import { pipelineMessage } from '../contract/pipeline-messages';
import type { Attachment } from '../parsing/model';
import { documentNote } from './document-notes';
import { blocksOf, documentBase, settingsFor, type Context } from './extract-context';
import { imageSize } from './image-size';
import { imageOcrRefusal, pagesToOcr } from './ocr-step';

export async function pdfDocument(
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
  } else if (ctx.ocr === null) {
    // No OCR where this runs (the browser): the pages without text are named, not read.
    if (blank.length > 0) doc.notes.push(documentNote('document.pagesNotReadHere', { pages: blank.join(', ') }));
  } else {
    const ocr = ctx.ocr;
    const wanted = ocrMode === 'ON' ? pages.map((page) => page.number) : blank;
    const limit = pagesToOcr(maxPagesToOcr, ctx.environment);
    const chosen = wanted.slice(0, limit);
    if (wanted.length > chosen.length) doc.notes.push(documentNote('document.pagesNotOcr', { pages: wanted.slice(chosen.length).join(', '), limit }));
    for (const number of chosen) {
      const result = await ocr.recognize(bytes, { pdfPage: number, dpi: 300 });
      if (result.ok) {
        pages[number - 1]!.text = result.page.text;
        ctx.ocrPages.push({ path, page: number, read: result.page });
        ctx.ledger.read(result.page.confidence);
        doc.notes.push(documentNote('document.pageOcr', { page: number, confidence: result.page.confidence }));
      } else {
        ctx.ledger.failed(`${name} (p. ${number})`, result.message);
        ctx.failures.push(pipelineMessage('extractor.failure.ocrPage', { page: number, name, reason: result.reason }));
        doc.notes.push(documentNote('document.pageOcrFailed', { page: number, reason: result.reason }));
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
export async function imageDocument(
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
  if (ctx.ocr === null) {
    doc.notes.push(documentNote('document.pictureNotReadHere'));
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
    ctx.failures.push(pipelineMessage('extractor.failure.ocr', { name, reason: result.reason }));
    doc.notes.push(documentNote('document.pictureOcrFailed', { reason: result.reason }));
  }
  return doc;
}

/** Pictures embedded in a document or page → documents of their own, within the document's OCR page budget. */
export async function embeddedImages(
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
