/**
 * Reading the parts of an OOXML or OpenDocument file (both are ZIP archives) with fflate, which runs
 * the same in browsers and Node. Only the parts asked for are inflated, and each part and the whole
 * are capped by their declared size, so a small hostile archive cannot inflate gigabytes ("zip bomb").
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { ParseError } from '../errors';

const MAX_PART_BYTES = 64 * 1024 * 1024;
const MAX_TOTAL_BYTES = 160 * 1024 * 1024;

export type ZipParts = Record<string, Uint8Array>;

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The parts whose names pass `want`; a broken archive is a 'corrupt' error naming the format. */
export function readZipParts(bytes: Uint8Array, format: string, want: (name: string) => boolean): ZipParts {
  if (!isZip(bytes)) throw new ParseError('corrupt', `Not a readable ${format} file: it is not a ZIP archive.`);
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter(file: UnzipFileInfo) {
        if (!want(file.name)) return false;
        if (file.originalSize > MAX_PART_BYTES) throw new ParseError('unsupported', `The part "${file.name}" is too large to read (${file.originalSize} bytes).`);
        total += file.originalSize;
        if (total > MAX_TOTAL_BYTES) throw new ParseError('unsupported', `The ${format} file inflates to more than ${MAX_TOTAL_BYTES} bytes.`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('corrupt', `Not a readable ${format} file: ${(error as Error).message || 'broken ZIP archive'}.`);
  }
}

const utf8 = new TextDecoder('utf-8');
export const partText = (parts: ZipParts, name: string): string | undefined => (parts[name] ? utf8.decode(parts[name]) : undefined);
