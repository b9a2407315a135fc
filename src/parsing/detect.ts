/** Which parser a file goes to: by its first bytes when they are telling, else by its extension. */
export type FileKind = 'eml' | 'msg' | 'pdf' | 'json' | 'text' | 'image' | 'other';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

const imageTypes: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', svg: 'image/svg+xml',
};
const textExtensions = new Set(['txt', 'csv', 'log', 'html', 'htm', 'xml', 'md', 'ics', 'vcf', 'tsv', 'ini', 'yaml', 'yml']);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function detectKind(name: string, bytes: Uint8Array): FileKind {
  const ext = extensionOf(name);
  if (startsWith(bytes, CFB_MAGIC)) return ext === 'msg' || ext === '' ? 'msg' : ext === 'doc' || ext === 'xls' || ext === 'ppt' ? 'other' : 'msg';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'pdf';
  if (ext === 'msg') return 'msg';
  if (ext === 'eml' || ext === 'mht') return 'eml';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'json') return 'json';
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
    case 'image': return imageTypes[ext] ?? 'application/octet-stream';
    case 'text': return ext === 'csv' ? 'text/csv' : ext === 'html' || ext === 'htm' ? 'text/html' : 'text/plain';
    default: return 'application/octet-stream';
  }
}
