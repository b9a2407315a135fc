// Expected attachment hashes were read with Python's email package (policy=default,
// get_payload(decode=True) + hashlib.sha256) before being written here.
import { describe, expect, it } from 'vitest';
import { fastDecodersInstalled } from './postal-mime-decoders';
import { parseEml } from './eml';
import { fixture } from './test-support/fixtures';
import type { Email } from './model';

const allAttachments = (email: Email): Email['attachments'] => email.attachments.flatMap((a) => [a, ...(a.message ? allAttachments(a.message) : [])]);

function message(encoding: string, body: string): Uint8Array {
  return new TextEncoder().encode(
    ['From: a@example.com', 'Subject: t', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b"', '', '--b', 'Content-Type: text/plain', '', 'body',
      '--b', 'Content-Type: application/octet-stream', 'Content-Disposition: attachment; filename="x.bin"', `Content-Transfer-Encoding: ${encoding}`, '', body, '--b--', ''].join('\r\n'),
  );
}
async function attachmentOf(encoding: string, body: string): Promise<Uint8Array> {
  const { model, blobs } = await parseEml(message(encoding, body));
  return blobs[model.attachments[0]!.blobId]!;
}

describe("postal-mime's faster body decoders", () => {
  it('are installed (a postal-mime upgrade that renames its internals must be looked at)', () => {
    expect(fastDecodersInstalled).toBe(true);
  });

  it('decode base64 bodies as Node does, whatever the line length', async () => {
    const bytes = Uint8Array.from({ length: 70_001 }, (_, i) => (i * 7919) % 256);
    const base64 = Buffer.from(bytes).toString('base64');
    for (const width of [76, 64, 1000, 3]) {
      const lines = base64.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\r\n');
      const decoded = await attachmentOf('base64', lines);
      expect(Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
      // Handed over without a copy only when the buffer holds little more than the bytes.
      expect(decoded.buffer.byteLength).toBeLessThanOrEqual(Math.ceil((decoded.byteLength * 9) / 8));
    }
  });

  it('keep postal-mime’s reading of odd base64: padding on every line, junk characters, a cut quantum', async () => {
    // "QQ==" is "A", "Qg==" is "B": some mailers pad each line.
    expect(new TextDecoder().decode(await attachmentOf('base64', 'QQ==\r\nQg==\r\nQ0Q='))).toBe('ABCD');
    expect(new TextDecoder().decode(await attachmentOf('base64', 'SGV s\tbG8*sIHdv\u00e9cmxk'))).toBe('Hello, world');
    // A lone character after the last full quantum carries no byte; two carry one.
    expect(new TextDecoder().decode(await attachmentOf('base64', 'SGVsbG8hQ'))).toBe('Hello!');
    expect(new TextDecoder().decode(await attachmentOf('base64', 'SGVsbG8hQQ'))).toBe('Hello!A');
    // Lines starting with "--" that are not this message's boundary stay inside the part.
    expect(new TextDecoder().decode(await attachmentOf('base64', 'SGVs\r\n--\r\nbG8s\r\n---\r\nIHdvcmxk'))).toBe('Hello, world');
  });

  it('keep 8bit and binary bodies byte for byte, one "\\n" per line', async () => {
    expect(new TextDecoder().decode(await attachmentOf('8bit', 'caf\u00e9\r\nligne 2'))).toBe('café\nligne 2\n');
  });

  it('decode quoted-printable as postal-mime does: soft breaks, escapes in either case, odd "=" kept', async () => {
    const decoded = await attachmentOf('quoted-printable', 'caf=C3=A9 =3d=3D soft=\r\nbreak\r\nodd =ZZ =4\r\nend=');
    expect(new TextDecoder().decode(decoded)).toBe('café == softbreak\nodd =ZZ =4\nend');
  });

  it('give the MIME torture test the attachments Python reads', async () => {
    const { model } = await parseEml(fixture('eml/mimetorture.eml'));
    const hashes = new Map(allAttachments(model).map((a) => [a.sha256, a]));
    for (const [name, size, sha256] of [
      ['foo.gz', 42, '0a89612b85eac5f191ba470e956955f07f3151d04b411ab0962a3389dc840f13'],
      ['blah.gz', 288, 'f18aef56d3852e99eeb2c8e6bcf7bd9ecdb70c5db4e87e7eb779f8d4b3c68ebc'],
      ['smiley-3.png', 819, 'd9bbd51eca894e59ed2535e35fe3d4d1c34edb57e626747d2315b77798e4977f'],
      ['dot.gif', 68, 'a0b46c0fb975d9ef629a0dfdfdd184394cea51ad643e345b99e7ffba20ab6595'],
    ] as const) {
      expect(hashes.get(sha256), name).toMatchObject({ size });
    }
  });
});
