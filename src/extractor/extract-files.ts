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
 *
 * One implementation for the server's pipeline (server/pipeline/extractor/extract.ts gives it its
 * parse thread, OCR pool, module workers, cache) and the files viewer's analysis in the browser
 * (parse workers only: scans and audio are noted as not read). Pure: no DOM, no Node.
 */
import type { ExtractedDocument } from '../contract/analyses';
import type { ExtractorSettings } from '../contract/environments';
import { encodePipelineMessage, sentence } from '../contract/pipeline-messages';
import { extensionOf } from '../contract/uploads';
import { documentNote, unreadableOf } from './document-notes';
import { documentBase, settingsFor, type AttachmentBytes, type Context, type ExtractionOutcome, type ExtractorFile, type ExtractorServices, type OcrReadPage } from './extract-context';
import { extractionSummary } from './extraction-summary';
import { fileDocuments } from './file-documents';
import { OcrLedger, type EnvironmentOcr } from './ocr-step';

/** What the cache keeps of one file's extraction. */
export interface CachedExtraction {
  documents: ExtractedDocument[];
  attachments: AttachmentBytes[];
  /** The OCR pages with their word boxes, so a cached file gives the OCR data extraction module what a fresh one does. */
  ocrPages: OcrReadPage[];
}

/** The extractor's `useCache` setting, as the host keeps it. */
export interface ExtractionCache {
  key(file: ExtractorFile, settings: ExtractorSettings): Promise<string>;
  get(key: string): CachedExtraction | undefined;
  set(key: string, entry: CachedExtraction): void;
}

export interface ExtractFilesOptions {
  /** The environment's content settings: OCR per JPG and PNG, max pages to OCR. */
  environment?: EnvironmentOcr;
  /** The files already extracted by the same pipeline; without it nothing is reused. */
  cache?: ExtractionCache;
}

/** Runs the extractor over the files of an analysis, main file first. */
export async function extractFiles(
  files: readonly ExtractorFile[],
  settings: ExtractorSettings,
  services: ExtractorServices,
  options: ExtractFilesOptions = {},
): Promise<ExtractionOutcome> {
  const documents: ExtractedDocument[] = [];
  const attachments: AttachmentBytes[] = [];
  const failures: string[] = [];
  const ocrPages: OcrReadPage[] = [];
  const ledger = new OcrLedger();
  const cache = options.cache;
  let mainFileError: string | null = null;
  let fromCache = 0;
  for (const file of files) {
    const useCache = cache !== undefined && settingsFor(settings, file.name).global.useCache;
    const key = useCache ? await cache.key(file, settings) : '';
    const cached = useCache ? cache.get(key) : undefined;
    let fileDocs: ExtractedDocument[];
    let fileAttachments: AttachmentBytes[];
    if (cached) {
      fromCache++;
      fileDocs = cached.documents.map((doc) => ({ ...doc, fileId: file.id }));
      fileAttachments = cached.attachments;
      ocrPages.push(...cached.ocrPages);
    } else {
      const ctx: Context = { ...services, settings, attachments: [], fileId: file.id, environment: options.environment, ledger, failures: [], ocrPages: [] };
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
