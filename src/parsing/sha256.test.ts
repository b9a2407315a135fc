/** The files' digests: the same hex from node:crypto (Node) and from Web Crypto (browsers). */
import { describe, expect, it } from 'vitest';
import { sha256Hex, webCryptoSha256Hex } from './sha256';

describe('sha256Hex', () => {
  it('gives the standard digest of "abc" and of nothing, both ways', async () => {
    const abc = new TextEncoder().encode('abc');
    const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(await sha256Hex(abc)).toBe(expected);
    expect(await webCryptoSha256Hex(abc)).toBe(expected);
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(await sha256Hex(new Uint8Array())).toBe(empty);
    expect(await webCryptoSha256Hex(new Uint8Array())).toBe(empty);
  });

  it('agrees with Web Crypto on a view into a larger buffer', async () => {
    const buffer = new Uint8Array(70_001).map((_, index) => (index * 31) % 251);
    const view = buffer.subarray(13, 65_013);
    expect(await sha256Hex(view)).toBe(await webCryptoSha256Hex(view));
  });
});
