/** Which parser a file goes to: by its first bytes when they are telling, else by its extension. */
export type FileKind =
  | 'eml' | 'msg' | 'pdf' | 'json' | 'text' | 'html' | 'image' | 'audio'
  | 'docx' | 'doc' | 'odt' | 'pptx' | 'pptm' | 'odp' | 'ppt' | 'spreadsheet'
  | 'other';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

const imageTypes: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', svg: 'image/svg+xml',
  tif: 'image/tiff', tiff: 'image/tiff',
};
const textExtensions = new Set(['txt', 'csv', 'log', 'xml', 'md', 'ics', 'vcf', 'tsv', 'ini', 'yaml', 'yml']);
const spreadsheetExtensions = new Set(['xls', 'xlsx', 'xlsm', 'ods']);
const officeKinds = new Set(['docx', 'doc', 'odt', 'pptx', 'pptm', 'odp', 'ppt']);

/** Content types of the office formats, by extension. */
export const officeTypes: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  odt: 'application/vnd.oasis.opendocument.text',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function detectKind(name: string, bytes: Uint8Array): FileKind {
  const ext = extensionOf(name);
  if (startsWith(bytes, CFB_MAGIC)) {
    if (ext === 'doc' || ext === 'ppt') return ext;
    if (ext === 'xls') return 'spreadsheet';
    return 'msg';
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'pdf';
  // An office file is a ZIP archive; its extension says which (a .zip is not read here).
  if (startsWith(bytes, ZIP_MAGIC) && !officeKinds.has(ext) && !spreadsheetExtensions.has(ext)) return 'other';
  if (officeKinds.has(ext)) return ext as FileKind;
  if (spreadsheetExtensions.has(ext)) return 'spreadsheet';
  if (ext === 'msg') return 'msg';
  if (ext === 'eml' || ext === 'mht') return 'eml';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'json') return 'json';
  if (ext === 'html' || ext === 'htm') return 'html';
  if (ext === 'mp3') return 'audio';
  if (imageTypes[ext]) return 'image';
  if (textExtensions.has(ext)) return 'text';
  return 'other';
}

export function contentTypeFor(name: string, kind: FileKind): string {
  const ext = extensionOf(name);
  switch (kind) {
    case 'eml': return 'message/rfc822';
    case 'msg': return 'application/vnd.ms-outlook';
    case 'pdf': return 'application/pdf';
    case 'json': return 'application/json';
    case 'html': return 'text/html';
    case 'audio': return 'audio/mpeg';
    case 'image': return imageTypes[ext] ?? 'application/octet-stream';
    case 'text': return ext === 'csv' ? 'text/csv' : 'text/plain';
    case 'other': return 'application/octet-stream';
    default: return officeTypes[ext] ?? 'application/octet-stream';
  }
}
