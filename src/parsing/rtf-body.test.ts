import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCodePage, rtfToBody } from './rtf-body';

/** An RTF body as Outlook stores it when it does not compress it ("MELA"), for rtfToBody. */
function stored(rtf: string): Uint8Array {
  const body = Buffer.from(rtf, 'latin1');
  const out = new Uint8Array(16 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length + 12, true);
  view.setUint32(4, body.length, true);
  view.setUint32(8, 0x414c454d, true);
  out.set(body, 16);
  return out;
}

describe('RTF body', () => {
  it('reads ASCII without iconv only in code pages where it is ASCII', () => {
    const ascii = Buffer.from(Array.from({ length: 128 }, (_, byte) => byte));
    for (const page of [437, 850, 874, 932, 936, 949, 950, 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258]) {
      expect(decodeCodePage(ascii, `cp${page}`), `cp${page}`).toBe(iconv.decode(ascii, `cp${page}`));
    }
  });

  it('reads bytes above 0x7F in the named code page', () => {
    expect(decodeCodePage(Buffer.from([0x80, 0x20, 0xe9]), 'cp1252')).toBe('€ é');
    expect(decodeCodePage(Buffer.from([0x82, 0xa0, 0x41]), 'cp932')).toBe('あA');
    expect(decodeCodePage(Buffer.from([0xc7, 0xe9]), 'cp1251')).toBe('Зй');
  });

  it('reads a Mac Roman (cp10000) body, and one in an unknown code page as Windows-1252 rather than losing it', () => {
    expect(rtfToBody(stored("{\\rtf1\\ansi\\ansicpg10000\\fromtext caf\\'8e\\par}"))).toEqual({ mode: 'text', text: 'café\r\n' });
    expect(rtfToBody(stored("{\\rtf1\\ansi\\ansicpg99999\\fromtext caf\\'e9\\par}"))).toEqual({ mode: 'text', text: 'café\r\n' });
  });

  it('de-encapsulates HTML with text in several code pages', () => {
    const rtf = "{\\rtf1\\ansi\\ansicpg1252\\fromhtml1{\\fonttbl{\\f0\\fswiss\\fcharset128 MS PGothic;}}{\\*\\htmltag <p>}caf\\'e9 {\\f0 \\'82\\'a0}{\\*\\htmltag </p>}}";
    expect(rtfToBody(stored(rtf))).toEqual({ mode: 'html', text: '<p>café あ</p>' });
  });
});
