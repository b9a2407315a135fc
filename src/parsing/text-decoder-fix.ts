/**
 * Node 20's TextDecoder decodes windows-1252 (and its aliases, incl. "latin1" and "iso-8859-1" which
 * WHATWG maps to it) as plain ISO-8859-1 in its non-streaming fast path, so 0x80 is not "€" and 0x96
 * not "–". postal-mime and our text parser rely on TextDecoder, so where the bug shows, the global is
 * replaced by one that decodes that encoding with iconv-lite. Browsers decode it right: no change there.
 */
import iconv from 'iconv-lite';

const Native = globalThis.TextDecoder;

function isBroken(): boolean {
  try {
    return new Native('windows-1252').decode(Uint8Array.of(0x80)) !== '€';
  } catch {
    return false;
  }
}

if (isBroken()) {
  class FixedTextDecoder extends Native {
    override decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string {
      if (this.encoding !== 'windows-1252' || input === undefined) return super.decode(input, options);
      const view = ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
      return iconv.decode(view as never, 'windows-1252');
    }
  }
  globalThis.TextDecoder = FixedTextDecoder;
}

export {};
