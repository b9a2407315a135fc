/**
 * The attachments' bytes of a stored analysis, for the output preview's "attachment data" option.
 * A run keeps them only in memory (extract.ts `AttachmentBytes`, never stored), so the preview reads
 * them again from the analysis's files: uploaded attachments as they are, and the attachments inside
 * a mail (main file or attached mail, nested mails included) by parsing it — only parsing, no OCR
 * and no text extraction — with the extractor settings the run honours (extract attachments,
 * ignored extensions, the same depth limit), so the list matches what the run handed the output.
 */
import { extensionOf, inputTypeOf } from '../../src/contract/uploads';
import type { ExtractorSettings, ParserSettings } from '../../src/contract/environments';
import type { Email } from '../../src/parsing/model';
import type { AttachmentBytes } from '../pipeline/extractor/extract';
import type { Parser } from '../pipeline/extractor/metered-parser';

/** As the extractor's: past this depth nested attachments are listed, not opened. */
const MAX_DEPTH = 8;

export interface StoredFile {
  name: string;
  role: 'main' | 'attachment';
  contentType: string;
  content: Uint8Array | null;
}

const settingsFor = (settings: ExtractorSettings, fileName: string): ParserSettings => settings.subParsers[extensionOf(fileName)] ?? settings.parser;
const isMail = (name: string, contentType: string) => inputTypeOf(name) === 'email' || (inputTypeOf(name) === null && /^message\/rfc822$/i.test(contentType));

function fromEmail(email: Email, blobs: Uint8Array[], name: string, path: string[], settings: ExtractorSettings, depth: number, into: AttachmentBytes[]): void {
  const options = settingsFor(settings, name).email;
  if (!options.extractAttachments) return;
  const ignored = new Set(options.ignoredAttachmentExtensions.map((ext) => ext.replace(/^\./, '').toLowerCase()));
  for (const attachment of email.attachments) {
    if (ignored.has(extensionOf(attachment.name))) continue;
    const attachmentPath = [...path, attachment.name];
    into.push({ fileName: attachment.name, contentType: attachment.contentType, path: attachmentPath, bytes: blobs[attachment.blobId] ?? new Uint8Array() });
    if (attachment.message && depth + 1 <= MAX_DEPTH) fromEmail(attachment.message, blobs, attachment.name, attachmentPath, settings, depth + 1, into);
  }
}

/** Every attachment of the files, in the order the extractor finds them. Unreadable mails give none. */
export async function attachmentBytes(files: readonly StoredFile[], settings: ExtractorSettings, parser: Parser): Promise<AttachmentBytes[]> {
  const found: AttachmentBytes[] = [];
  const mainName = files.find((file) => file.role === 'main')?.name ?? '';
  const ignoredUploads = new Set(settingsFor(settings, mainName).email.ignoredAttachmentExtensions.map((ext) => ext.replace(/^\./, '').toLowerCase()));
  for (const file of files) {
    if (file.content === null) continue;
    if (file.role === 'attachment') {
      if (ignoredUploads.has(extensionOf(file.name))) continue;
      found.push({ fileName: file.name, contentType: file.contentType, path: [file.name], bytes: file.content });
    }
    if (!isMail(file.name, file.contentType)) continue;
    const response = await parser.parse(inputTypeOf(file.name) === null ? `${file.name}.eml` : file.name, file.content);
    if (!response.ok || response.model.email === undefined) continue;
    fromEmail(response.model.email, response.blobs, file.name, [file.name], settings, 0, found);
  }
  return found;
}
