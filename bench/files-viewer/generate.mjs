/** Generated large inputs for the files-viewer bench (written to a temp folder, never committed). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import burner from '@kenjiuno/msgreader/lib/Burner.js';

/** An EML of about `megabytes` MB: a text and an HTML body, and base64 attachments of random bytes. */
export function largeEml(megabytes) {
  const parts = [];
  const body = 'Bonjour,\r\nveuillez trouver ci-joint les pièces du dossier.\r\n'.repeat(2000);
  parts.push(`--b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}`);
  parts.push(`--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>${body.replace(/\r\n/g, '<br>')}</p>`);
  const perAttachment = 4 * 1024 * 1024;
  const count = Math.max(1, Math.round((megabytes * 1024 * 1024 * 3) / 4 / perAttachment));
  for (let i = 0; i < count; i++) {
    const base64 = randomBytes(perAttachment).toString('base64').replace(/.{76}/g, '$&\r\n');
    parts.push(`--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="piece-${i + 1}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64}`);
  }
  const head = 'From: Bench <bench@example.com>\r\nTo: Desk <desk@example.com>\r\nSubject: Large message\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n';
  return Buffer.from(`${head}${parts.join('\r\n')}\r\n--b--\r\n`);
}

const utf16 = (text) => Buffer.from(`${text}\0`, 'utf16le');
const DIRECTORY = 1;
const DOCUMENT = 2;
const ROOT = 5;

/**
 * A .msg of about `megabytes` MB, written with msgreader's own compound-file burner: a Unicode
 * subject, sender, text and HTML bodies, two recipients and 4 MB attachments of random bytes.
 * Streams are named per [MS-OXMSG] (__substg1.0_<tag><type>); property streams carry their headers.
 */
export function largeMsg(megabytes) {
  const entries = [{ name: 'Root Entry', type: ROOT, children: [], length: 0 }];
  const add = (parent, entry) => {
    entries[parent].children.push(entries.length);
    entries.push(entry);
    return entries.length - 1;
  };
  // A copy in an ArrayBuffer of its own: small Buffers share Node's pool, which the burner reads whole.
  const stream = (parent, name, buffer) => {
    const bytes = new Uint8Array(buffer);
    return add(parent, { name, type: DOCUMENT, length: bytes.length, binaryProvider: () => bytes });
  };
  const storage = (parent, name) => add(parent, { name, type: DIRECTORY, children: [], length: 0 });
  const perAttachment = 4 * 1024 * 1024;
  const count = Math.max(1, Math.round((megabytes * 1024 * 1024) / perAttachment));
  const recipients = [['Desk', 'desk@example.com'], ['Archive', 'archive@example.com']];
  // Top-level property stream header: 8 reserved, next recipient id, next attachment id, counts, 8 reserved.
  const header = Buffer.alloc(32);
  header.writeUInt32LE(recipients.length, 8);
  header.writeUInt32LE(count, 12);
  header.writeUInt32LE(recipients.length, 16);
  header.writeUInt32LE(count, 20);
  stream(0, '__properties_version1.0', header);
  const body = 'Bonjour,\r\nveuillez trouver ci-joint les pièces du dossier.\r\n'.repeat(2000);
  stream(0, '__substg1.0_001A001F', utf16('IPM.Note'));
  stream(0, '__substg1.0_0037001F', utf16('Large message'));
  stream(0, '__substg1.0_0C1A001F', utf16('Bench'));
  stream(0, '__substg1.0_0C1F001F', utf16('bench@example.com'));
  stream(0, '__substg1.0_0C1E001F', utf16('SMTP'));
  stream(0, '__substg1.0_1000001F', utf16(body));
  stream(0, '__substg1.0_10130102', Buffer.from(`<p>${body.replace(/\r\n/g, '<br>')}</p>`, 'utf8'));
  recipients.forEach(([name, address], index) => {
    const folder = storage(0, `__recip_version1.0_#${index.toString(16).toUpperCase().padStart(8, '0')}`);
    stream(folder, '__properties_version1.0', Buffer.alloc(8));
    stream(folder, '__substg1.0_3001001F', utf16(name));
    stream(folder, '__substg1.0_3003001F', utf16(address));
    stream(folder, '__substg1.0_3002001F', utf16('SMTP'));
    stream(folder, '__substg1.0_39FE001F', utf16(address));
  });
  for (let i = 0; i < count; i++) {
    const folder = storage(0, `__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, '0')}`);
    stream(folder, '__properties_version1.0', Buffer.alloc(8));
    stream(folder, '__substg1.0_3707001F', utf16(`piece-${i + 1}.bin`));
    stream(folder, '__substg1.0_3704001F', utf16(`piece-${i + 1}.bin`));
    stream(folder, '__substg1.0_370E001F', utf16('application/octet-stream'));
    stream(folder, '__substg1.0_37010102', randomBytes(perAttachment));
  }
  storage(0, '__nameid_version1.0');
  return Buffer.from(burner.burn(entries));
}

export function writeTemp(name, bytes) {
  const folder = mkdtempSync(join(tmpdir(), 'postroom-bench-'));
  const file = join(folder, name);
  writeFileSync(file, bytes);
  return file;
}
