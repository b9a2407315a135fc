/**
 * OCR in the browser for the files viewer: tesseract.js in a web worker, with its worker script,
 * its WebAssembly core and the French and English data served by the console itself under /ocr/
 * (vite.config.ts copies them from the npm packages): nothing is fetched from a CDN and the picture
 * never leaves the browser. One engine per tab, started on the first OCR.
 */
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { OCR_LANGUAGES, type OcrPage } from './model';
import { toOcrPage, type TesseractData } from './words';

let engine: Promise<TesseractWorker> | undefined;
let progressListener: ((progress: number) => void) | undefined;

function startEngine(): Promise<TesseractWorker> {
  const base = new URL('/ocr/', window.location.origin).href;
  return createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}core`,
    langPath: `${base}lang`,
    gzip: true,
    cacheMethod: 'none',
    workerBlobURL: false,
    logger: (message: { status: string; progress: number }) => {
      if (message.status === 'recognizing text') progressListener?.(message.progress);
    },
  });
}

/** Reads a picture or a rendered page; `onProgress` gets 0…1 while the text is recognised. */
export async function recognizeInBrowser(image: Blob | HTMLCanvasElement, width: number, height: number, onProgress?: (progress: number) => void): Promise<OcrPage> {
  const pending = (engine ??= startEngine());
  const worker = await pending.catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  progressListener = onProgress;
  try {
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    return toOcrPage(data as unknown as TesseractData, width, height);
  } finally {
    progressListener = undefined;
  }
}
