/**
 * What the extractor's readers share (extract.ts runs them): the outcome types, the per-file context
 * (settings, parser, OCR engine and ledger, what was collected so far) and the small helpers every
 * reader uses to start a document and cut its text into blocks.
 */
import type { ExtractedDocument, ExtractorResult } from '../../../src/contract/analyses';
import type { ExtractorSettings, ParserSettings } from '../../../src/contract/environments';
import { extensionOf } from '../../../src/contract/uploads';
import type { OcrPage } from '../../../src/ocr/model';
import type { Parser } from './metered-parser';
import type { EnvironmentOcr, OcrEngine, OcrLedger } from './ocr-step';
import { splitText, type SplitOptions } from './split';
import type { ModuleMeter } from '../../module-workers/module-pool';

export interface ExtractorFile {
  id: string | null;
  name: string;
  role: 'main' | 'attachment';
  contentType: string;
  content: Uint8Array;
  /** The SHA-256 of `content` stored with it (hex), when there is one. */
  sha256?: string;
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

export interface Context {
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
  /** Charged with the module-worker time of the text work (the run's CPU time). */
  meter?: ModuleMeter;
}

export function settingsFor(settings: ExtractorSettings, fileName: string): ParserSettings {
  return settings.subParsers[extensionOf(fileName)] ?? settings.parser;
}

/** The block size and overlap a parser's settings ask for. */
export function splitOptionsOf(parser: ParserSettings): SplitOptions {
  return { size: parser.global.splitPerCharacters, overlap: parser.global.characterRedundancy };
}

/** Cut texts as a document's blocks. */
export function asBlocks(texts: readonly string[], page: number | null = null): ExtractedDocument['blocks'] {
  return texts.map((text) => ({ page, text }));
}

export function blocksOf(text: string, parser: ParserSettings, page: number | null = null): ExtractedDocument['blocks'] {
  return asBlocks(splitText(text.trim(), splitOptionsOf(parser)), page);
}

export function documentBase(
  ctx: Context,
  name: string,
  path: string[],
  source: ExtractedDocument['source'],
  contentType: string,
): ExtractedDocument {
  return { fileId: ctx.fileId, path, name, source, contentType, headers: null, html: null, pageCount: null, blocks: [], notes: [] };
}
