/**
 * The ArrayBuffer `bytes` alone spans, or null: such a buffer can be handed to another thread, or to a
 * library that would otherwise copy the view, without taking or showing anything else.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer | null {
  return bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : null;
}
