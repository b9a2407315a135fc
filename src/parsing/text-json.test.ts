import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { parseText } from './text';
import { parseJsonText } from './json';

describe('text parser', () => {
  it('reads UTF-8, and windows-1252 and Shift_JIS by detection', () => {
    expect(parseText(new TextEncoder().encode('Été à Noël'))).toEqual({ text: 'Été à Noël', encoding: 'utf-8' });
    const french = 'Le montant de la facture est de 250 €, réglé à réception. Merci de votre confiance, à bientôt.';
    expect(parseText(iconv.encode(french, 'windows-1252')).text).toBe(french);
    const japanese = 'これは日本語のテキストファイルです。請求書を添付しました。よろしくお願いいたします。';
    const result = parseText(iconv.encode(japanese, 'shift_jis'));
    expect(result.encoding).toBe('shift_jis');
    expect(result.text).toBe(japanese);
  });
});

describe('JSON parser', () => {
  it('gives the value of valid JSON', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('locates the first error of invalid JSON by line and column', () => {
    const result = parseJsonText('{\n  "a": 1,\n  "b": tru\n}');
    expect(result).toMatchObject({ ok: false, line: 3, column: 8 });
  });
});
