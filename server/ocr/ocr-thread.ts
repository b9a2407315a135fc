/**
 * One OCR worker thread: renders a PDF page (pdf.js and @napi-rs/canvas) or takes a picture as it
 * is, and reads it with tesseract.js; or only renders the page (`renderOnly`: the vision engine's
 * pictures of pages). The French and English data come from the npm packages on disk, handed to
 * tesseract.js as bytes: nothing is fetched and nothing is cached in the working folder. The pool
 * (ocr-pool.ts) terminates this thread when a page runs past its deadline.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { failureReason } from '../../src/contract/failure-reasons';
import type { NestedText } from '../../src/contract/pipeline-messages';
import { OCR_LANGUAGES, type OcrPage } from '../../src/ocr/model';
import { toOcrPage, type TesseractData } from '../../src/ocr/words';
import { renderPdfPage } from './render-pdf';
import { imageSize } from '../../src/extractor/image-size';

export type OcrRequest = { id: number; image: Uint8Array; pdfPage?: number; dpi?: number; keepImage?: boolean; renderOnly?: boolean };
export type OcrResponse =
  | { id: number; ok: true; page: OcrPage; image?: Uint8Array }
  | { id: number; ok: true; rendered: Uint8Array }
  | { id: number; ok: false; message: string; reason: NestedText };

const require = createRequire(import.meta.url);

/**
 * tesseract.js reads every language from one folder, and each npm package holds one language: the
 * packaged files are copied once into a folder of their own (the copies are the same bytes).
 */
function languageFolder(): string {
  const folder = join(tmpdir(), 'postroom-tessdata-4.0.0_best_int');
  mkdirSync(folder, { recursive: true });
  for (const code of OCR_LANGUAGES) {
    const target = join(folder, `${code}.traineddata.gz`);
    if (existsSync(target)) continue;
    const source = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`);
    // Copied under a temporary name then renamed, so a thread never reads half a file.
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    copyFileSync(source, partial);
    renameSync(partial, target);
  }
  return folder;
}

let engine: Promise<TesseractWorker> | undefined;

function startEngine(): Promise<TesseractWorker> {
  return createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, { langPath: languageFolder(), gzip: true, cacheMethod: 'none', legacyCore: false, legacyLang: false });
}

async function recognize(request: OcrRequest): Promise<{ page: OcrPage; image?: Uint8Array }> {
  let image = request.image;
  let width: number;
  let height: number;
  if (request.pdfPage !== undefined) {
    ({ png: image, width, height } = await renderPdfPage(request.image, request.pdfPage, request.dpi ?? 300));
  } else {
    const size = imageSize(image);
    width = size?.width ?? 0;
    height = size?.height ?? 0;
  }
  const worker = await (engine ??= startEngine());
  const { data } = await worker.recognize(Buffer.from(image), {}, { text: true, blocks: true });
  const page = toOcrPage(data as unknown as TesseractData, width, height);
  return request.keepImage ? { page, image } : { page };
}

async function render(request: OcrRequest): Promise<Uint8Array> {
  if (request.pdfPage === undefined) throw new Error('renderOnly needs a PDF page');
  return (await renderPdfPage(request.image, request.pdfPage, request.dpi ?? 300)).png;
}

parentPort?.on('message', (request: OcrRequest) => {
  const answer = request.renderOnly
    ? render(request).then((rendered) => parentPort!.postMessage({ id: request.id, ok: true, rendered } satisfies OcrResponse, [rendered.buffer as ArrayBuffer]))
    : recognize(request).then((result) => parentPort!.postMessage({ id: request.id, ok: true, ...result } satisfies OcrResponse));
  answer.then(
    () => undefined,
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error), reason: failureReason(error) } satisfies OcrResponse),
  );
});
