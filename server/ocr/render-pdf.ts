/**
 * One PDF page → a PNG at the given resolution, with pdf.js (no scripts, no eval: CVE-2024-4367) and
 * @napi-rs/canvas, for OCR of pages without a text layer.
 */
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createCanvas } from '@napi-rs/canvas';

export async function renderPdfPage(bytes: Uint8Array, pageNumber: number, dpi: number): Promise<{ png: Uint8Array; width: number; height: number }> {
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, enableXfa: false, verbosity: VerbosityLevel.ERRORS });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return { png: new Uint8Array(canvas.toBuffer('image/png')), width, height };
  } finally {
    await task.destroy();
  }
}
