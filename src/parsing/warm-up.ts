/**
 * A parse worker's warm-up: one small built-in mail parsed as soon as the worker has loaded, before
 * any file comes. A fresh worker runs the parser's code for the first time on the user's first file:
 * V8 compiles each function on its first call and runs it unoptimised until it has run a while, so
 * the first small mail took 4-5 times as long as the next ones (bench:files, first open beside best
 * of 3). The sample takes the paths every mail takes (headers, a text and an HTML part, a
 * quoted-printable and a base64 part, the hashes, the model's schema); its result is dropped.
 */
import { parseFile } from './parse-file';

const SAMPLE = [
  'From: "Postroom" <warm-up@example.com>',
  'To: Desk <desk@example.com>',
  'Subject: =?utf-8?q?Pr=C3=A9chauffage?=',
  'Date: Fri, 20 Nov 2026 10:00:00 +0000',
  'Message-ID: <warm-up@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b"',
  '',
  '--b',
  'Content-Type: multipart/alternative; boundary="a"',
  '',
  '--a',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Bonjour, voici la pi=C3=A8ce jointe.',
  '--a',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Bonjour, voici la pièce jointe.</p>',
  '--a--',
  '--b',
  'Content-Type: application/octet-stream',
  'Content-Disposition: attachment; filename="piece.bin"',
  'Content-Transfer-Encoding: base64',
  '',
  'UG9zdHJvb20gd2FybS11cA==',
  '--b--',
  '',
].join('\r\n');

/** Parses the sample once; never throws (a failed warm-up only means a slower first file): says whether it parsed. */
export async function warmUpParser(): Promise<boolean> {
  try {
    const { model } = await parseFile('warm-up.eml', new TextEncoder().encode(SAMPLE));
    return model.kind === 'email' && model.email?.attachments.length === 1 && Boolean(model.email.html && model.email.text);
  } catch {
    return false;
  }
}
