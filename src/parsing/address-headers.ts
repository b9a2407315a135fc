/**
 * RFC 5322 comments and obsolete address syntax, which postal-mime reads to the wrong mailbox, are
 * rewritten to the plain form before the message is parsed (header block only, bytes kept as they
 * are elsewhere):
 * - comments are dropped, `john@example.com (John Doe)` becomes `"John Doe" <john@example.com>`;
 * - obsolete routes (`<@relay.example:john@example.com>`) are dropped;
 * - spaces around the dots and the @ of an address (obs-local-part, obs-domain) are removed.
 */
const ADDRESS_HEADERS = /^(from|sender|to|cc|bcc|reply-to|resent-from|resent-sender|resent-to|resent-cc)$/i;

/** A value without its comments (quoted strings kept whole), and the comments' text. */
function withoutComments(value: string): { text: string; comments: string[] } {
  let text = '';
  const comments: string[] = [];
  let depth = 0;
  let comment = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && (quoted || depth > 0)) {
      const next = value[++i] ?? '';
      if (depth > 0) comment += next;
      else text += char + next;
      continue;
    }
    if (depth === 0 && char === '"') quoted = !quoted;
    if (!quoted && char === '(') {
      if (depth++ > 0) comment += char;
      continue;
    }
    if (!quoted && char === ')' && depth > 0) {
      if (--depth === 0) {
        comments.push(comment.trim());
        comment = '';
        text += ' ';
      } else comment += char;
      continue;
    }
    if (depth > 0) comment += char;
    else text += char;
  }
  return { text, comments };
}

/** Splits an address list at its top-level commas (not inside quotes or angle brackets). */
function mailboxes(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && quoted) {
      current += char + (value[++i] ?? '');
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '<') angle++;
    else if (!quoted && char === '>') angle = Math.max(0, angle - 1);
    if (char === ',' && !quoted && angle === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

const tidyAddress = (address: string) => address.replace(/^\s*@[^:<>"]*:/, '').replace(/\s*([.@])\s*/g, '$1').trim();

function normaliseMailbox(mailbox: string): string {
  if (!/[()]|<\s*@|\s[.@]|[.@]\s/.test(mailbox)) return mailbox;
  const { text, comments } = withoutComments(mailbox);
  const angle = text.match(/^(.*)<([^<>]*)>\s*$/s);
  if (angle) {
    const phrase = angle[1]!.trim();
    return `${phrase ? `${phrase} ` : ''}<${tidyAddress(angle[2]!)}>`;
  }
  const address = tidyAddress(text);
  const name = comments.find((comment) => comment !== '');
  return name && address.includes('@') ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
}

export function normaliseAddressValue(value: string): string {
  return mailboxes(value).map(normaliseMailbox).join(',');
}

/** The message with its address headers rewritten, or the same bytes when none needed it. */
export function normaliseAddressHeaders(bytes: Uint8Array): Uint8Array {
  const limit = Math.min(bytes.length, 256 * 1024);
  let end = -1;
  for (let i = 0; i + 1 < limit; i++) {
    if (bytes[i] === 0x0a && (bytes[i + 1] === 0x0a || (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a))) {
      end = i + 1;
      break;
    }
  }
  if (end < 0) return bytes;
  const block = new TextDecoder('latin1').decode(bytes.subarray(0, end));
  let changed = false;
  // One header and its folded continuation lines at a time.
  const rewritten = block.replace(/^([!-9;-~]+)[ \t]*:([^\n]*(?:\n[ \t][^\n]*)*)/gm, (whole, name: string, value: string) => {
    if (!ADDRESS_HEADERS.test(name)) return whole;
    const unfolded = value.replace(/\r?\n(?=[ \t])/g, '').replace(/\r$/, '');
    const normalised = normaliseAddressValue(unfolded);
    if (normalised === unfolded) return whole;
    changed = true;
    return `${name}: ${normalised.trim()}${value.endsWith('\r') ? '\r' : ''}`;
  });
  if (!changed) return bytes;
  const head = Uint8Array.from(rewritten, (char) => char.charCodeAt(0) & 0xff);
  const out = new Uint8Array(head.length + bytes.length - end);
  out.set(head);
  out.set(bytes.subarray(end), head.length);
  return out;
}
