import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertValues, readNumber } from './convert';

describe('value formats', () => {
  it('reads numbers written the French or the English way, with a currency', () => {
    expect(readNumber('1 250,50 €')).toBe(1250.5);
    expect(readNumber('1\u202f250,50')).toBe(1250.5);
    expect(readNumber('1,250.50')).toBe(1250.5);
    expect(readNumber('1.250,50')).toBe(1250.5);
    expect(readNumber('1250.5 EUR')).toBe(1250.5);
    expect(readNumber('-12')).toBe(-12);
    expect(readNumber('12,5')).toBe(12.5);
    expect(readNumber('douze')).toBeNull();
    expect(readNumber('12 rue')).toBeNull();
  });

  it('reads back any number it printed', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), (n) => readNumber(String(n).includes('e') ? '0' : String(n)) === (String(n).includes('e') ? 0 : n)));
  });

  it('converts each format and explains what cannot be converted', () => {
    expect(convertValues(['12'], 'number', 'first')).toEqual({ ok: true, value: 12 });
    expect(convertValues(['abc'], 'number', 'first')).toEqual({ ok: false, code: 'notANumber', value: 'abc' });
    expect(convertValues(['Oui'], 'boolean', 'first')).toEqual({ ok: true, value: true });
    expect(convertValues(['non'], 'boolean', 'first')).toEqual({ ok: true, value: false });
    expect(convertValues(['peut-être'], 'boolean', 'first')).toEqual({ ok: false, code: 'notABoolean', value: 'peut-être' });
    expect(convertValues(['{"a":1}'], 'object', 'first')).toEqual({ ok: true, value: { a: 1 } });
    expect(convertValues(['[1]'], 'object', 'first')).toEqual({ ok: false, code: 'notAnObject', value: '[1]' });
    expect(convertValues([{ a: 1 }], 'string', 'first')).toEqual({ ok: true, value: '{"a":1}' });
    expect(convertValues([3], 'string', 'first')).toEqual({ ok: true, value: '3' });
  });

  it('keeps every value for arrays and for `all`, the first otherwise, null when nothing was found', () => {
    expect(convertValues(['1', '2'], 'array', 'first')).toEqual({ ok: true, value: ['1', '2'] });
    expect(convertValues(['1', '2'], 'number', 'all')).toEqual({ ok: true, value: [1, 2] });
    expect(convertValues(['1', 'x'], 'number', 'all')).toEqual({ ok: false, code: 'notANumber', value: 'x' });
    expect(convertValues(['1', '2'], 'number', 'first')).toEqual({ ok: true, value: 1 });
    expect(convertValues([], 'number', 'first')).toEqual({ ok: true, value: null });
    expect(convertValues([], 'array', 'all')).toEqual({ ok: true, value: [] });
  });
});
