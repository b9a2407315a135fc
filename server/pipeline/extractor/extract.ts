/**
 * The server's extractor step: the shared extractor (src/extractor/extract-files.ts, the one the
 * files viewer runs in the browser) with what only the server has: the parse thread, the OCR pool,
 * module workers for large bodies (charged to the run), the transcription service and the cache.
 */
import { createHash } from 'node:crypto';
import { sha256InSlices } from '../../bytes-in-slices';
import type { ExtractorSettings } from '../../../src/contract/environments';
import { documentNote } from '../../../src/extractor/document-notes';
import type { ExtractionOutcome, ExtractorFile, ExtractorServices } from '../../../src/extractor/extract-context';
import { extractFiles } from '../../../src/extractor/extract-files';
import type { EnvironmentOcr, OcrEngine } from '../../../src/extractor/ocr-step';
import { llmConfig } from '../../llm/config';
import type { ModuleMeter } from '../../module-workers/module-pool';
import { sharedOcrPool } from '../../ocr/ocr-pool';
import { readBodyText } from './body-text-work';
import type { Parser } from './metered-parser';
import type { ResultCache } from './result-cache';
import { transcribe } from './transcribe';

export type { AttachmentBytes, ExtractionOutcome, ExtractorFile, OcrReadPage } from '../../../src/extractor/extract-context';

export interface ExtractOptions {
  /** The OCR engine (the process's shared pool by default). */
  ocr?: OcrEngine;
  /** The environment's content settings: OCR per JPG and PNG, max pages to OCR. */
  environment?: EnvironmentOcr;
  /**
   * The files already extracted by the same pipeline (its `useCache` setting). Without it nothing is
   * reused: a cache shared by every server of a process would let one server's (or test's) files
   * answer another's.
   */
  cache?: ResultCache;
  /** Charged with the module-worker time of a large body's text work (the run's CPU time). */
  meter?: ModuleMeter;
}

/**
 * From the SHA-256 stored with the file when it has one (hashing its bytes again cost the HTTP thread
 * 40 ms per 50 MB, every analysis), else from its bytes, a slice at a time (bytes-in-slices.ts).
 */
async function cacheKey(file: ExtractorFile, settings: ExtractorSettings): Promise<string> {
  const described = `${file.role}\0${file.name}\0${file.contentType}\0${JSON.stringify(settings)}`;
  if (file.sha256 !== undefined) return createHash('sha256').update(`stored:${file.sha256}\0${described}`).digest('hex');
  return sha256InSlices(file.content, '\0', described);
}

/** Runs the extractor over the files of an analysis, main file first. */
export function extract(files: readonly ExtractorFile[], settings: ExtractorSettings, parser: Parser, options: ExtractOptions = {}): Promise<ExtractionOutcome> {
  const { meter, cache } = options;
  const services: ExtractorServices = {
    parser,
    ocr: options.ocr ?? sharedOcrPool(),
    readBody: (source, bodyOptions) => readBodyText(source, bodyOptions, meter),
    audio: () => {
      const config = llmConfig();
      if (config === null) return { note: documentNote('document.noTranscriptionService') };
      return { transcriber: { model: config.transcriptionModel, transcribe: (name, bytes) => transcribe(config, name, bytes) } };
    },
  };
  return extractFiles(files, settings, services, {
    ...(options.environment ? { environment: options.environment } : {}),
    ...(cache ? { cache: { key: cacheKey, get: (key) => cache.get(key), set: (key, entry) => cache.set(key, entry) } } : {}),
  });
}
