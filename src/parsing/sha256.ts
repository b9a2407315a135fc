/**
 * SHA-256 of a file's bytes, as hex. In Node through node:crypto, reached with
 * `process.getBuiltinModule` so that browsers' bundles import nothing of Node: Node's Web Crypto
 * digest took ~150 ms of CPU for 27 MB where `createHash` takes ~18 ms (Node 20, same machine), and
 * the server's parse threads hash every file and attachment. Elsewhere (browsers, their workers)
 * through Web Crypto.
 */
type NodeCrypto = typeof import('node:crypto');

const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(bytes).digest('hex');
  return webCryptoSha256Hex(bytes);
}

export async function webCryptoSha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
