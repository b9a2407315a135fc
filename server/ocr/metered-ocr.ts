/**
 * The OCR pool as one analysis sees it, with a meter of what its pages cost. tesseract.js reads in a
 * thread of its own that we cannot name, so no per-thread CPU clock covers it (the parse threads use
 * one, metered-parser.ts): each page is charged the time it held its OCR thread, dispatch to answer,
 * queue wait excluded. OCR is CPU-bound, so on a machine with a free core that is its CPU time; on a
 * busy one it overstates it, which the CO2 footprint prefers to leaving OCR out.
 */
import type { OcrEngine } from '../../src/extractor/ocr-step';
import { sharedOcrPool, type OcrResult } from './ocr-pool';

export class MeteredOcr implements OcrEngine {
  /** Milliseconds charged so far. */
  ms = 0;

  constructor(private readonly pool: { recognize: OcrEngine['recognize'] } = sharedOcrPool()) {}

  async recognize(image: Uint8Array, options?: { pdfPage?: number; dpi?: number }): Promise<OcrResult> {
    const result = await this.pool.recognize(image, options);
    this.ms += result.threadMs ?? 0;
    return result;
  }
}
