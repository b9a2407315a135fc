/**
 * PDF → page count, metadata, the text of every page and embedded files, with pdf.js. Always with
 * `isEvalSupported: false` and no scripting (CVE-2024-4367). The legacy build runs both in Node 20
 * (the CLI, the server's extractor) and in browsers; a web worker caller sets the worker port first
 * (see browser-worker.ts).
 */
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BlobStore, type Attachment, type Pdf } from './model';
import { ParseError } from './errors';
import { sha256Hex } from './sha256';
import { toIsoDate } from './dates';
import { pageTextOf } from './pdf-text';

/** pdf.js dates look like D:20240131120000+01'00'. */
function pdfDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = value.match(/^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const zone = !sign || sign.toUpperCase() === 'Z' ? 'Z' : `${sign}${oh}:${om}`;
  return toIsoDate(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`);
}

export type PdfOptions = {
  /**
   * Read the text of every page (default). The viewer turns it off: it paints page 1 at once and
   * reads a page's text only when it is shown or searched, instead of waiting for all of them.
   */
  pageText?: boolean;
};

export async function parsePdfDocument(
  bytes: Uint8Array,
  blobs: BlobStore,
  onProgress?: (progress: number) => void,
  { pageText = true }: PdfOptions = {},
): Promise<Pdf> {
  // pdf.js takes ownership of the buffer it is given; hand it a copy.
  const task = getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
    stopAtErrors: false,
  });
  try {
    const doc = await task.promise.catch((error: Error) => {
      throw new ParseError(error?.name === 'PasswordException' ? 'unsupported' : 'corrupt', `Not a readable PDF: ${error?.message ?? error}`);
    });
    const { info } = (await doc.getMetadata().catch(() => ({ info: {} }))) as { info: Record<string, unknown> };
    const pages: Pdf['pages'] = [];
    for (let number = 1; pageText && number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      pages.push({ number, text: pageTextOf(await page.getTextContent()) });
      page.cleanup();
      onProgress?.(number / doc.numPages);
    }
    const attachments: Attachment[] = [];
    const files = ((await doc.getAttachments().catch(() => null)) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    for (const file of Object.values(files)) {
      attachments.push({
        name: file.filename,
        contentType: 'application/octet-stream',
        size: file.content.length,
        sha256: await sha256Hex(file.content),
        inline: false,
        blobId: blobs.add(file.content),
      });
    }
    const str = (key: string) => (typeof info[key] === 'string' && info[key] ? { [key.toLowerCase()]: info[key] as string } : {});
    const creationDate = pdfDate(info.CreationDate);
    return {
      pageCount: doc.numPages,
      ...str('Title'),
      ...str('Author'),
      ...str('Subject'),
      ...str('Creator'),
      ...str('Producer'),
      ...(creationDate ? { creationDate } : {}),
      pages,
      ...(pageText ? {} : { textOmitted: true as const }),
      attachments,
    };
  } finally {
    await task.destroy();
  }
}

export async function parsePdf(bytes: Uint8Array) {
  const blobs = new BlobStore();
  const model = await parsePdfDocument(bytes, blobs);
  return { model, blobs: blobs.blobs };
}
