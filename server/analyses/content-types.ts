/**
 * The content type an analysis file is stored and downloaded with, taken from its extension (every
 * extension of §3 Format lists) rather than from what the client claimed: a `.pdf` sent as
 * `text/html` must not come back as HTML.
 */
import { extensionOf } from '../../src/contract/uploads';
import type { FORMAT_LISTS } from '../../src/contract/environments';

type KnownExtension = (typeof FORMAT_LISTS)[keyof typeof FORMAT_LISTS][number];

const BY_EXTENSION: Record<string, string> = {
  msg: 'application/vnd.ms-outlook',
  eml: 'message/rfc822',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  odp: 'application/vnd.oasis.opendocument.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  html: 'text/html',
  mp3: 'audio/mpeg',
} satisfies Record<KnownExtension, string>;

export function contentTypeOf(fileName: string): string {
  return BY_EXTENSION[extensionOf(fileName)] ?? 'application/octet-stream';
}
