/**
 * Legacy PowerPoint (.ppt, 97–2003): no maintained parser reads it safely in the browser and Node,
 * so the file is listed as unreadable instead of failing or guessing. The viewer and the extractor
 * say so plainly and suggest saving it as .pptx.
 */
import { CFB } from '@e965/xlsx';
import type { OfficeDocument } from '../model';
import { ParseError } from '../errors';

export function parsePpt(bytes: Uint8Array): OfficeDocument {
  let hasStream: boolean;
  try {
    hasStream = CFB.find(CFB.read(bytes, { type: 'array' }), 'PowerPoint Document') != null;
  } catch (error) {
    throw new ParseError('corrupt', `Not a readable PPT file: ${(error as Error).message || 'broken compound file'}.`);
  }
  if (!hasStream) throw new ParseError('corrupt', 'Not a readable PPT file: it has no PowerPoint Document stream.');
  return { format: 'ppt', unit: 'slide', pages: [], images: [], unreadable: true };
}
