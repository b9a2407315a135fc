/**
 * Outlook .msg → Email, with @kenjiuno/msgreader. The compound file is validated first (cfb-guard);
 * 8-bit strings are decoded with the message's ANSI code page (PidTagMessageCodepage, else the one of
 * its locale), so a cp932 message reads as Japanese and not as mojibake.
 */
import msgReaderModule, { type FieldsData } from '@kenjiuno/msgreader';
import { getLcidToAnsiCodePages } from '@kenjiuno/msgreader/lib/Defs';
import './msgreader-fast-read';
import { assertSoundCompoundFile } from './cfb-guard';
import { ParseError } from './errors';
import { BlobStore, type Address, type Attachment, type Email } from './model';
import { parseRawHeaders } from './raw-headers';
import { sha256Hex } from './sha256';
import { rtfToBody } from './rtf-body';
import { wellTyped } from './msg-fields';
import { parseEmlEmail } from './eml';
import { toIsoDate } from './dates';
import { contentTypeFor, detectKind } from './detect';

type MsgReaderClass = typeof msgReaderModule;
const MsgReader: MsgReaderClass = (msgReaderModule as unknown as { default?: MsgReaderClass }).default ?? msgReaderModule;

const lcidToCodePages = getLcidToAnsiCodePages() as Record<number, number[]>;
const MAX_DEPTH = 8;

function codePageOf(fields: FieldsData): number {
  const raw = fields as FieldsData & { messageCodepage?: number; messageLocaleId?: number };
  if (typeof raw.messageCodepage === 'number' && raw.messageCodepage > 0) return raw.messageCodepage;
  const locale = raw.messageLocaleId;
  if (typeof locale === 'number') {
    const pages = lcidToCodePages[locale] ?? lcidToCodePages[locale & 0x3ff];
    if (pages?.[0]) return pages[0];
  }
  return 1252;
}

function read(bytes: Uint8Array, ansiEncoding?: string) {
  const reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (ansiEncoding) reader.parserConfig = { ansiEncoding };
  const fields = wellTyped(reader.getFileData());
  if (fields.error) throw new ParseError('corrupt', `Not a readable MSG file: ${fields.error}`);
  return { reader, fields };
}

const address = (name?: string, email?: string): Address | undefined =>
  name || email ? { ...(name ? { name } : {}), ...(email ? { address: email } : {}) } : undefined;

/**
 * Exchange (X.500) address → SMTP address, from the entries of the file that hold both: a recipient
 * with PidTagSmtpAddress (0x39FE), the sender with PidTagSenderSmtpAddress (0x5D01). A message sent inside an Exchange
 * organisation often names its sender only by X.500 address, while the same person appears among the
 * recipients (a meeting's organiser, a message sent to oneself) with an SMTP address. (msgreader
 * does not read the represented sender's own X.500 address, 0x0065, so 0x5D02 is not an entry here.)
 */
function exchangeDirectory(fields: FieldsData): Map<string, string> {
  const directory = new Map<string, string>();
  const add = (type: string | undefined, x500: string | undefined, smtpAddress: string | undefined) => {
    if (type?.toUpperCase() === 'EX' && x500 && smtpAddress?.includes('@') && !directory.has(x500.toLowerCase())) directory.set(x500.toLowerCase(), smtpAddress);
  };
  add(fields.senderAddressType, fields.senderEmail, fields.senderSmtpAddress);
  for (const recipient of fields.recipients ?? []) add(recipient.addressType, recipient.email, recipient.smtpAddress);
  return directory;
}

/** The SMTP address, not the Exchange X500 one, when the file holds it (own properties first, then the directory). */
function smtp(directory: ReadonlyMap<string, string>, type: string | undefined, email: string | undefined, ...smtpCandidates: Array<string | undefined>): string | undefined {
  const known = smtpCandidates.find((value) => value && value.includes('@'));
  if (known) return known;
  if (type && type.toUpperCase() === 'EX') return email && email.includes('@') ? email : email ? directory.get(email.toLowerCase()) : undefined;
  return email;
}

function importanceOf(headers: { name: string; value: string }[]): Email['importance'] {
  const value = headers.find((header) => /^(importance|x-priority)$/i.test(header.name))?.value.toLowerCase() ?? '';
  if (/high|^1|^2/.test(value)) return 'high';
  if (/low|^4|^5/.test(value)) return 'low';
  return value ? 'normal' : undefined;
}

function burnEmbedded(reader: InstanceType<MsgReaderClass>, item: NonNullable<FieldsData['attachments']>[number]): Uint8Array {
  try {
    return reader.getAttachment(item).content;
  } catch (error) {
    throw new ParseError('corrupt', `The embedded message "${item.name ?? ''}" cannot be rebuilt: ${(error as Error).message}`);
  }
}

async function toEmail(reader: InstanceType<MsgReaderClass>, fields: FieldsData, blobs: BlobStore, depth: number): Promise<Email> {
  const f = fields as FieldsData & Record<string, unknown>;
  const headers = fields.headers ? parseRawHeaders(fields.headers) : [];
  const recipients = fields.recipients ?? [];
  const directory = exchangeDirectory(fields);
  const recipientsOf = (kind: 'to' | 'cc' | 'bcc') =>
    recipients
      .filter((r) => (r.recipType ?? 'to') === kind)
      .map((r) => address(r.name, smtp(directory, r.addressType, r.email, r.smtpAddress)) ?? {});
  // An Exchange (X.500) sender with no SMTP property may still have its SMTP address in the
  // transport headers the file kept, or on a recipient entry with the same X.500 address.
  const headerFrom = headers.find((header) => /^from$/i.test(header.name))?.value.match(/<([^<>\s]+@[^<>\s]+)>|^\s*([^\s<>"]+@[^\s<>"]+)\s*$/);
  // Order: the sender's own SMTP property (0x5D01), its X.500 address found on a recipient, the
  // represented sender's (0x5D02, the same person unless a delegate sent it), the transport headers.
  const exchangeSender = fields.senderAddressType?.toUpperCase() === 'EX' && fields.senderEmail ? directory.get(fields.senderEmail.toLowerCase()) : undefined;
  const senderEmail = smtp(directory, fields.senderAddressType, fields.senderEmail, fields.senderSmtpAddress, exchangeSender, fields.sentRepresentingSmtpAddress, headerFrom?.[1] ?? headerFrom?.[2]);
  let html = fields.bodyHtml;
  if (!html && fields.html) html = new TextDecoder('utf-8').decode(fields.html);
  let text = fields.body;
  if (!html && fields.compressedRtf) {
    const fromRtf = rtfToBody(fields.compressedRtf);
    if (fromRtf?.mode === 'html') html = fromRtf.text;
    else if (!text && fromRtf) text = fromRtf.text;
  }

  const attachments: Attachment[] = [];
  for (const item of fields.attachments ?? []) {
    if (item.innerMsgContent && item.innerMsgContentFields) {
      const inner = item.innerMsgContentFields;
      const message = depth < MAX_DEPTH ? await toEmail(reader, inner, blobs, depth + 1) : undefined;
      // An embedded message is a storage inside this file, not a file of its own: msgreader's burner
      // rebuilds it as a standalone .msg (its storage, its properties header widened to a top-level
      // one, and the parent's named-property map), which is what Download gives and Outlook opens.
      const bytes = burnEmbedded(reader, item);
      attachments.push({
        name: `${item.name || inner.subject || 'message'}.msg`.replace(/\.msg\.msg$/i, '.msg'),
        contentType: 'application/vnd.ms-outlook',
        size: bytes.length,
        sha256: await sha256Hex(bytes),
        inline: false,
        blobId: blobs.add(bytes),
        ...(message ? { message } : {}),
      });
      continue;
    }
    const data = reader.getAttachment(item);
    const name = item.fileName || item.fileNameShort || item.name || 'attachment';
    const contentType = item.attachMimeTag || contentTypeFor(name, detectKind(name, data.content));
    let message: Email | undefined;
    if (depth < MAX_DEPTH && (/\.eml$/i.test(name) || contentType === 'message/rfc822')) {
      message = await parseEmlEmail(data.content, blobs, depth + 1).catch(() => undefined);
    } else if (depth < MAX_DEPTH && /\.msg$/i.test(name)) {
      message = await parseMsgEmail(data.content, blobs, depth + 1).catch(() => undefined);
    }
    attachments.push({
      name,
      contentType,
      size: data.content.length,
      sha256: await sha256Hex(data.content),
      ...(item.pidContentId ? { contentId: item.pidContentId.replace(/^<|>$/g, '') } : {}),
      inline: Boolean(item.attachmentHidden || (item.pidContentId && html?.includes(`cid:${item.pidContentId.replace(/^<|>$/g, '')}`))),
      blobId: blobs.add(data.content),
      ...(message ? { message } : {}),
    });
  }

  const isAppointment = /^IPM\.(Appointment|Schedule\.Meeting)/i.test(fields.messageClass ?? '');
  const date = toIsoDate(fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime);
  return {
    format: 'msg',
    ...(fields.subject !== undefined ? { subject: fields.subject } : {}),
    ...(address(fields.senderName, senderEmail) ? { from: address(fields.senderName, senderEmail)! } : {}),
    // A sender row only when the represented person is someone else (by name, or by address when unnamed).
    ...(address(f.sentRepresentingName as string | undefined, fields.sentRepresentingSmtpAddress) &&
    (f.sentRepresentingName ? f.sentRepresentingName !== fields.senderName : fields.sentRepresentingSmtpAddress?.toLowerCase() !== senderEmail?.toLowerCase())
      ? { sender: address(fields.senderName, senderEmail)! }
      : {}),
    to: recipientsOf('to'),
    cc: recipientsOf('cc'),
    bcc: recipientsOf('bcc'),
    replyTo: [],
    ...(date ? { date } : {}),
    ...(importanceOf(headers) ? { importance: importanceOf(headers)! } : {}),
    ...(fields.messageId ? { messageId: fields.messageId } : {}),
    ...(fields.messageClass ? { messageClass: fields.messageClass } : {}),
    headers,
    ...(text ? { text } : {}),
    ...(html ? { html } : {}),
    attachments,
    ...(isAppointment
      ? {
          calendar: {
            ...(toIsoDate(fields.apptStartWhole) ? { start: toIsoDate(fields.apptStartWhole)! } : {}),
            ...(toIsoDate(fields.apptEndWhole) ? { end: toIsoDate(fields.apptEndWhole)! } : {}),
            ...(fields.apptLocation ? { location: fields.apptLocation } : {}),
            ...(fields.senderName ? { organizer: fields.senderName } : {}),
          },
        }
      : {}),
  };
}

export async function parseMsgEmail(bytes: Uint8Array, blobs: BlobStore, depth = 0): Promise<Email> {
  assertSoundCompoundFile(bytes);
  // A first read finds the code page; the second decodes 8-bit strings with it.
  const codePage = codePageOf(read(bytes).fields);
  const unicodeOrDefault = codePage === 1252 || codePage === 65001 || codePage === 1200;
  const { reader, fields } = read(bytes, unicodeOrDefault ? 'windows-1252' : `cp${codePage}`);
  return toEmail(reader, fields, blobs, depth);
}

/** Public entry point: one .msg file → its Email model and the bytes of its attachments. */
export async function parseMsg(bytes: Uint8Array) {
  const blobs = new BlobStore();
  const model = await parseMsgEmail(bytes, blobs);
  return { model, blobs: blobs.blobs };
}
