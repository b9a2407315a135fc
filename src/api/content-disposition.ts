/** The file name a download is saved under, read from its Content-Disposition header (RFC 6266, 5987). */

export const DEFAULT_FILENAME = 'download';

function decodeExtValue(value: string): string | undefined {
  // RFC 5987: charset'language'percent-encoded-bytes
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value.trim());
  if (match === null) return undefined;
  const charset = match[1] === '' ? 'utf-8' : (match[1] ?? 'utf-8');
  const encoded = match[2] ?? '';
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 1) {
    if (encoded[i] === '%' && /^[\da-f]{2}$/i.test(encoded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i) & 0xff);
    }
  }
  try {
    return new TextDecoder(charset, { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/**
 * Filename from a Content-Disposition header: `filename*` (RFC 5987) wins over `filename`, quoted or not.
 * Directory parts are dropped since the name is only ever used to save a file.
 */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let plain: string | undefined;
  let extended: string | undefined;
  const parameter = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  // The leading ';' lets the first parameter match even when the disposition type is missing.
  for (const match of `;${header}`.matchAll(parameter)) {
    const name = (match[1] ?? '').toLowerCase();
    const raw = (match[2] ?? '').trim();
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (name === 'filename*') extended = decodeExtValue(value) ?? extended;
    else if (name === 'filename') plain = value;
  }
  const name = (extended ?? plain)?.split(/[\\/]/).pop()?.trim();
  return name === undefined || name === '' ? undefined : name;
}
