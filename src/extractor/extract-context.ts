/**
 * What the extractor's readers share (extract-files.ts runs them): the outcome types, the per-file
 * context (settings, parser, OCR engine and ledger, what was collected so far, and the services the
 * host gives: the server its parse thread, OCR pool, module workers and transcription service; the
 * browser its parse workers and none of the others) and the small helpers every reader uses to start
 * a document and cut its text into blocks. Pure: no DOM, no Node.
 */
import type { ExtractedDocument, ExtractorResult } from '../contract/analyses';
import type { ExtractorSettings, ParserSettings } from '../contract/environments';
import { extensionOf } from '../contract/uploads';
import type { OcrPage } from '../ocr/model';
import type { NestedText } from '../contract/pipeline-messages';
import type { ParseResponse } from '../parsing/protocol';
import type { BodySource, BodyText, BodyTextOptions } from './body-text';
import type { EnvironmentOcr, OcrEngine, OcrLedger } from './ocr-step';
import { splitText, type SplitOptions } from './split';

/** The shared parsers (src/parsing) as the host runs them: a worker thread with a deadline. */
export interface Parser {
  parse(name: string, bytes: Uint8Array): Promise<ParseResponse>;
}

/** A body's text, or why it could not be read (its worker's deadline or memory cap). */
export type BodyTextResult = { ok: true; value: BodyText } | { ok: false; reason: NestedText };

/** An audio file's transcript: its text, or why there is none (`message` for logs, `reason` for a user). */
export type Transcript = { ok: true; text: string } | { ok: false; message: string; reason: NestedText };

/** A speech-to-text service and the model it names in the note. */
export interface Transcriber {
  model: string;
  transcribe(name: string, bytes: Uint8Array): Promise<Transcript>;
}

/** What the host gives the readers besides the settings. */
export interface ExtractorServices {
  parser: Parser;
  /** Null where no OCR runs (the browser): pages without a text layer and pictures are noted as not read. */
  ocr: OcrEngine | null;
  /** Reads a body's text (the server moves a large one to a module worker). */
  readBody(source: BodySource, options: BodyTextOptions): Promise<BodyTextResult>;
  /** The transcription service, or the stored note saying why audio is not transcribed. */
  audio(): { transcriber: Transcriber } | { note: string };
}

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

export interface Context extends ExtractorServices {
  settings: ExtractorSettings;
  attachments: AttachmentBytes[];
  fileId: string | null;
  environment: EnvironmentOcr | undefined;
  ledger: OcrLedger;
  /** Failures of parts of this file (attachments, OCR pages). */
  failures: string[];
  /** Pages and pictures this file's OCR read. */
  ocrPages: OcrReadPage[];
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
