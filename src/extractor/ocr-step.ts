/**
 * OCR in the extractor (§3): which pages and pictures are read by OCR, and the notes that say so.
 * - Documents: OCR mode OFF reads the text layer only; AUTO reads by OCR the pages without a text
 *   layer; ON reads every page by OCR. At most "max pages to OCR" pages per document (the smaller of
 *   the extractor's and the environment's), the rest listed in a note.
 * - Images: read when the image setting "OCR" is on, and for JPG and PNG when the environment's
 *   "OCR per JPG" / "OCR per PNG" is on too (when the run gives the environment's content settings).
 * Every page read says so in the document's notes, with the engine's confidence; a page whose OCR
 * fails or passes its deadline is a failure the analysis shows (see `failures`).
 */
import type { ContentSettings } from '../contract/environments';
import { extensionOf } from '../contract/uploads';
import type { NestedText } from '../contract/pipeline-messages';
import type { OcrPage } from '../ocr/model';
import { documentNote } from './document-notes';

/** What an OCR engine answers for one page or picture; `threadMs`, the time it held its thread. */
export type OcrReading = ({ ok: true; page: OcrPage; image?: Uint8Array } | { ok: false; code: 'timeout' | 'failed'; message: string; reason: NestedText }) & { threadMs?: number };

export interface OcrEngine {
  recognize(image: Uint8Array, options?: { pdfPage?: number; dpi?: number }): Promise<OcrReading>;
}

export type EnvironmentOcr = Pick<ContentSettings, 'ocrJpg' | 'ocrPng' | 'maxPagesToOcr'>;

/** What OCR did during one extraction, for the trace line and the analysis outcome. */
export class OcrLedger {
  pages = 0;
  private confidenceSum = 0;
  readonly failures: string[] = [];

  read(confidence: number): void {
    this.pages++;
    this.confidenceSum += confidence;
  }

  failed(what: string, message: string): void {
    this.failures.push(`${what}: ${message}`);
  }

  meanConfidence(): number {
    return this.pages === 0 ? 0 : Math.round(this.confidenceSum / this.pages);
  }

  summary(): string | null {
    if (this.pages === 0 && this.failures.length === 0) return null;
    const parts: string[] = [];
    if (this.pages > 0) parts.push(`OCR read ${this.pages} page(s) or picture(s), mean confidence ${Math.round(this.confidenceSum / this.pages)} %`);
    if (this.failures.length > 0) parts.push(`OCR failed on ${this.failures.length}: ${this.failures.join('; ')}`);
    return parts.join('; ');
  }
}

export function pagesToOcr(maxPagesToOcr: number, environment: EnvironmentOcr | undefined): number {
  return Math.min(maxPagesToOcr, environment?.maxPagesToOcr ?? Number.POSITIVE_INFINITY);
}

/** Why a picture is not read by OCR, or null when it is. */
export function imageOcrRefusal(name: string, ocrOn: boolean, environment: EnvironmentOcr | undefined): string | null {
  if (!ocrOn) return documentNote('document.ocrOffImages');
  const ext = extensionOf(name);
  if (environment && (ext === 'jpg' || ext === 'jpeg') && !environment.ocrJpg) return documentNote('document.ocrOffJpg');
  if (environment && ext === 'png' && !environment.ocrPng) return documentNote('document.ocrOffPng');
  return null;
}
