/**
 * RFC 822 .eml → Email, with postal-mime (charsets, RFC 2047 words, MIME trees). message/rfc822 parts
 * are kept as attachments and parsed recursively, so the viewer can open them with a breadcrumb.
 */
import './text-decoder-fix';
import './postal-mime-decoders';
import PostalMime from 'postal-mime';
import type { Address as PostalAddress, Email as PostalEmail } from 'postal-mime';
import { BlobStore, type Address, type Attachment, type Email } from './model';
import { sha256Hex } from './sha256';
import { ownBuffer } from './own-buffer';
import { toIsoDate } from './dates';
import { parseCalendar } from './calendar';
import { normaliseAddressHeaders } from './address-headers';
import { decodeEncodedWords } from './encoded-words';

const MAX_DEPTH = 8;

function flatten(addresses: PostalAddress[] | undefined): Address[] {
  const out: Address[] = [];
  for (const entry of addresses ?? []) {
    if (entry.group) out.push(...entry.group.map((m) => clean(m.name, m.address)));
    else out.push(clean(entry.name, entry.address));
  }
  return out;
}

const clean = (name?: string, address?: string): Address => ({
  ...(name ? { name } : {}),
  ...(address ? { address } : {}),
});

function importanceOf(email: PostalEmail): Email['importance'] {
  const header = email.headers.find((h) => h.key === 'importance' || h.key === 'x-priority' || h.key === 'priority');
  if (!header) return undefined;
  const value = header.value.toLowerCase();
  if (/high|urgent|^1|^2/.test(value)) return 'high';
  if (/low|non-urgent|^4|^5/.test(value)) return 'low';
  return 'normal';
}

function toBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

export async function parseEmlEmail(bytes: Uint8Array, blobs: BlobStore, depth = 0): Promise<Email> {
  const input = normaliseAddressHeaders(bytes);
  // postal-mime copies a view to an ArrayBuffer of its own; a view of a whole buffer is given as that buffer (it only reads it).
  const email = await PostalMime.parse(ownBuffer(input) ?? input, { forceRfc822Attachments: true, attachmentEncoding: 'arraybuffer' });
  const attachments: Attachment[] = [];
  let calendar: Email['calendar'];
  for (const part of email.attachments) {
    const content = toBytes(part.content);
    const isMessage = part.mimeType === 'message/rfc822' || /\.eml$/i.test(part.filename ?? '');
    let message: Email | undefined;
    if (isMessage && depth < MAX_DEPTH) message = await parseEmlEmail(content, blobs, depth + 1).catch(() => undefined);
    if (part.mimeType === 'text/calendar' && !calendar) calendar = parseCalendar(new TextDecoder().decode(content));
    const contentId = part.contentId?.replace(/^<|>$/g, '');
    attachments.push({
      name: part.filename ?? (message?.subject ? `${message.subject}.eml` : isMessage ? 'message.eml' : 'attachment'),
      contentType: part.mimeType,
      size: content.length,
      sha256: await sha256Hex(content),
      ...(contentId ? { contentId } : {}),
      inline: part.disposition === 'inline' || Boolean(part.related),
      blobId: blobs.add(content),
      ...(message ? { message } : {}),
    });
  }
  const from = email.from ? flatten([email.from])[0] : undefined;
  const sender = email.sender ? flatten([email.sender])[0] : undefined;
  const date = toIsoDate(email.date);
  const importance = importanceOf(email);
  return {
    format: 'eml',
    ...(email.subject !== undefined ? { subject: email.subject } : {}),
    ...(from ? { from } : {}),
    ...(sender ? { sender } : {}),
    to: flatten(email.to),
    cc: flatten(email.cc),
    bcc: flatten(email.bcc),
    replyTo: flatten(email.replyTo),
    ...(date ? { date } : {}),
    ...(importance ? { importance } : {}),
    ...(email.messageId ? { messageId: email.messageId } : {}),
    headers: email.headerLines.map(({ line }) => {
      const colon = line.indexOf(':');
      // Encoded words are decoded so subjects and names reach the extractor, the output and webhooks readable.
      return colon < 0 ? { name: line, value: '' } : { name: line.slice(0, colon).trim(), value: decodeEncodedWords(line.slice(colon + 1).trim()) };
    }),
    ...(email.text ? { text: email.text } : {}),
    ...(email.html ? { html: email.html } : {}),
    attachments,
    ...(calendar ? { calendar } : {}),
  };
}

/** Public entry point: one .eml file → its Email model and the bytes of its attachments. */
export async function parseEml(bytes: Uint8Array) {
  const blobs = new BlobStore();
  const model = await parseEmlEmail(bytes, blobs);
  return { model, blobs: blobs.blobs };
}
