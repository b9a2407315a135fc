/**
 * One file → the normalised model: picks the parser (detect.ts), fills the common fields and checks
 * the result against the zod schema. Runs the same in a web worker, in Node and in the CLI.
 */
import './text-decoder-fix';
import { contentTypeFor, detectKind, extensionOf } from './detect';
import { parseEmlEmail } from './eml';
import { parseMsgEmail } from './msg';
import { parseText } from './text';
import { parseJson } from './json';
import { BlobStore, parsedFileSchema, type ParsedFile, type ParseOutput } from './model';
import { sha256Hex } from './sha256';

export type ParseOptions = {
  /** Read the text of every PDF page (default true; see PdfOptions). */
  pdfPageText?: boolean;
};

export async function parseFile(
  name: string,
  bytes: Uint8Array,
  onProgress?: (progress: number) => void,
  options: ParseOptions = {},
): Promise<ParseOutput<ParsedFile>> {
  const kind = detectKind(name, bytes);
  const blobs = new BlobStore();
  const base = { file: name, size: bytes.length, sha256: await sha256Hex(bytes), contentType: contentTypeFor(name, kind) };
  let model: ParsedFile;
  switch (kind) {
    case 'eml':
      model = { ...base, kind: 'email', email: await parseEmlEmail(bytes, blobs) };
      break;
    case 'msg':
      model = { ...base, kind: 'email', email: await parseMsgEmail(bytes, blobs) };
      break;
    case 'pdf': {
      // pdf.js is loaded only for PDFs: it is most of the parser's code and slows every worker's start.
      const { parsePdfDocument } = await import('./pdf');
      model = { ...base, kind: 'pdf', pdf: await parsePdfDocument(bytes, blobs, onProgress, { pageText: options.pdfPageText ?? true }) };
      break;
    }
    case 'docx': {
      const { parseDocx } = await import('./office/docx');
      model = { ...base, kind: 'document', document: await parseDocx(bytes, blobs) };
      break;
    }
    case 'odt':
    case 'odp': {
      const { parseOdf } = await import('./office/odf');
      model = { ...base, kind: 'document', document: await parseOdf(bytes, blobs, kind) };
      break;
    }
    case 'pptx':
    case 'pptm': {
      const { parsePptx } = await import('./office/pptx');
      model = { ...base, kind: 'document', document: await parsePptx(bytes, blobs, kind) };
      break;
    }
    case 'doc': {
      const { parseDoc } = await import('./office/doc');
      model = { ...base, kind: 'document', document: parseDoc(bytes) };
      break;
    }
    case 'ppt': {
      const { parsePpt } = await import('./office/ppt');
      model = { ...base, kind: 'document', document: parsePpt(bytes) };
      break;
    }
    case 'spreadsheet': {
      // SheetJS is large: loaded only for spreadsheets, like pdf.js for PDFs.
      const { parseSpreadsheet } = await import('./office/spreadsheet');
      const format = extensionOf(name) as 'xls' | 'xlsx' | 'xlsm' | 'ods';
      model = { ...base, kind: 'spreadsheet', spreadsheet: parseSpreadsheet(bytes, format) };
      break;
    }
    case 'html': {
      const { parseHtml } = await import('./html');
      model = { ...base, kind: 'html', html: await parseHtml(bytes, blobs) };
      break;
    }
    case 'audio':
      model = { ...base, kind: 'audio' };
      break;
    case 'json':
      model = { ...base, kind: 'json', json: parseJson(bytes) };
      break;
    case 'text':
      model = { ...base, kind: 'text', text: parseText(bytes) };
      break;
    case 'image':
      model = { ...base, kind: 'image' };
      break;
    default:
      model = { ...base, kind: 'other' };
  }
  return { model: parsedFileSchema.parse(model), blobs: blobs.blobs };
}
