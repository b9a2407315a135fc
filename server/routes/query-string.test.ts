import { describe, expect, it } from 'vitest';
import { serializeQuery } from '../../src/api/url';
import { parseQueryString } from './query-string';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('parseQueryString', () => {
  it('reads what the console writes', () => {
    const query = { q: 'a b', ids: ['1', '2'], filter: { name: 'x', status: ['ok'] }, page: '3' };
    expect(plain(parseQueryString(serializeQuery(query)))).toEqual(query);
  });

  it('turns a repeated plain key into an array', () => {
    expect(plain(parseQueryString('a=1&a=2&a=3'))).toEqual({ a: ['1', '2', '3'] });
  });

  it('keeps dangerous and malformed keys as plain data', () => {
    const parsed = parseQueryString('__proto__[polluted]=1&constructor=2&a[b=3');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(plain(parsed)).toEqual({ ['__proto__']: { polluted: '1' }, constructor: '2', 'a[b': '3' });
  });

  it('does not nest deeper than five levels', () => {
    expect(Object.keys(parseQueryString('a[1][2][3][4][5][6]=x'))).toEqual(['a[1][2][3][4][5][6]']);
  });
});
