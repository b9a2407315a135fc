/** Generated large inputs for the files-viewer bench (written to a temp folder, never committed). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

export function writeTemp(name, bytes) {
  const folder = mkdtempSync(join(tmpdir(), 'postroom-bench-'));
  const file = join(folder, name);
  writeFileSync(file, bytes);
  return file;
}
