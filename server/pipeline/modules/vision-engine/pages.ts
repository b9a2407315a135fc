/**
 * The vision engine's input: what the extractor read (its documents, in order), turned into page
 * images and texts for the model. PDF pages are rendered on the server, in the OCR threads
 * (render-in-thread.ts, with the renderer OCR uses: pdf.js + canvas); pictures the model reads (PNG, JPEG, GIF, WebP) go as they are; other documents
 * (mail bodies, office files) go as text only. At most `maxPages` images over the whole analysis:
 * the rest are counted, so the result says what the model did not see.
 */
import type { ExtractedDocument } from '../../../../src/contract/analyses';
import { sentence, type LocalizedText } from '../../../../src/contract/pipeline-messages';
import type { ExtractionOutcome } from '../../extractor/extract';
import { renderPdfPagesInThread, type RenderedPages } from './render-in-thread';

/** Resolution of rendered PDF pages: legible print for a vision model, ~100–300 kB a page. */
export const VISION_PAGE_DPI = 110;
/** Characters of text per document, and over the whole request (the images carry the rest). */
export const VISION_TEXT_PER_DOCUMENT = 20_000;
export const VISION_TEXT_TOTAL = 60_000;

/** Image types the OpenAI-compatible vision models read as they are. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface VisionImage {
  document: string;
  /** 1-based page of a PDF; null for a picture. */
  page: number | null;
  /** `data:image/png;base64,…` */
  dataUrl: string;
}

export interface VisionText {
  document: string;
  text: string;
}

export interface VisionInput {
  images: VisionImage[];
  texts: VisionText[];
  pagesLeftOut: number;
  /** Documents whose pages could not be rendered (named with the reason), for the trace. */
  /** What the trace says about the pages (keys of the `pipelineMessages` namespace). */
  notes: LocalizedText[];
}

/** Pages of one PDF → PNGs, keeping those rendered before a problem. */
export type PageRenderer = (pdf: Uint8Array, pages: readonly number[]) => Promise<RenderedPages>;

export const renderPdfPagesAsPng: PageRenderer = (pdf, pages) => renderPdfPagesInThread(pdf, pages, VISION_PAGE_DPI);

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, index) => part === b[index]);

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

function bytesOf(doc: ExtractedDocument, extraction: ExtractionOutcome, files: readonly { name: string; content: Uint8Array }[]): Uint8Array | undefined {
  return (
    (doc.path.length === 1 ? files.find((file) => file.name === doc.path[0])?.content : undefined) ??
    extraction.attachments.find((attachment) => samePath(attachment.path, doc.path))?.bytes
  );
}

const isPdf = (doc: ExtractedDocument) => doc.contentType === 'application/pdf' || /\.pdf$/i.test(doc.name);
const pictureType = (doc: ExtractedDocument) => (PICTURE_TYPES.has(doc.contentType) ? doc.contentType : null);

export async function visionInput(
  extraction: ExtractionOutcome,
  files: readonly { name: string; content: Uint8Array }[],
  maxPages: number,
  render: PageRenderer = renderPdfPagesAsPng,
): Promise<VisionInput> {
  const input: VisionInput = { images: [], texts: [], pagesLeftOut: 0, notes: [] };
  let textLeft = VISION_TEXT_TOTAL;
  for (const doc of extraction.result.documents) {
    const text = doc.blocks.map((block) => block.text).join('\n').trim().slice(0, Math.min(VISION_TEXT_PER_DOCUMENT, textLeft));
    if (text !== '') {
      input.texts.push({ document: doc.name, text });
      textLeft -= text.length;
    }
    const picture = pictureType(doc);
    if (!isPdf(doc) && picture === null) continue;
    const bytes = bytesOf(doc, extraction, files);
    if (bytes === undefined) {
      input.notes.push(sentence('visionEngine.contentGone', { name: doc.name }));
      continue;
    }
    if (picture !== null) {
      if (input.images.length >= maxPages) input.pagesLeftOut += 1;
      else input.images.push({ document: doc.name, page: null, dataUrl: dataUrl(picture, bytes) });
      continue;
    }
    const pageCount = Math.max(1, doc.pageCount ?? 1);
    const room = Math.max(0, maxPages - input.images.length);
    const pages = Array.from({ length: Math.min(room, pageCount) }, (_, index) => index + 1);
    input.pagesLeftOut += pageCount - pages.length;
    if (pages.length === 0) continue;
    const rendered = await render(bytes, pages);
    for (const { page, png } of rendered.pngs) input.images.push({ document: doc.name, page, dataUrl: dataUrl('image/png', png) });
    if (rendered.problem !== null) {
      const { page, reason } = rendered.problem;
      input.notes.push(sentence('visionEngine.pageNotRendered', { name: doc.name, page, reason }));
      input.pagesLeftOut += pages.length - rendered.pngs.length;
    }
  }
  return input;
}
