import { describe, expect, it } from 'vitest';
import { splitText } from './split';

/** The definition the fast version must keep: blocks of code points, stepping by size − overlap. */
function reference(text: string, size: number, overlap: number): string[] {
  const points = Array.from(text);
  if (points.length === 0) return [];
  const width = Math.max(1, size);
  const step = width - Math.min(Math.max(0, overlap), width - 1);
  const blocks: string[] = [];
  for (let start = 0; ; start += step) {
    blocks.push(points.slice(start, start + width).join(''));
    if (start + width >= points.length) break;
  }
  return blocks;
}

describe('splitText', () => {
  const texts = [
    '',
    'a',
    'Bonjour, merci de traiter ma demande.',
    'émoji 😀 au milieu 😀😀 et à la fin 😀',
    '𠀀𠀁𠀂 caractères CJK hors du plan de base',
    // Lone surrogates count as one character each, as Array.from counts them.
    'seul \uD800 haut, seul \uDC00 bas, à la fin \uD83D',
  ];
  const settings = [
    [4000, 0],
    [5, 0],
    [5, 2],
    [3, 3],
    [1, 0],
    [7, 10],
    [0, 0],
  ] as const;

  it('cuts every text into the same blocks as a split by code points', () => {
    for (const text of texts) {
      for (const [size, overlap] of settings) expect(splitText(text, { size, overlap }), `${JSON.stringify(text)} ${size}/${overlap}`).toEqual(reference(text, size, overlap));
    }
  });

  it('never ends a block inside an emoji', () => {
    const blocks = splitText('😀'.repeat(10), { size: 3, overlap: 1 });
    expect(blocks[0]).toBe('😀😀😀');
    expect(blocks.every((block) => !/[\uD800-\uDBFF]$/.test(block))).toBe(true);
  });

  it('repeats the overlap at the start of the next block', () => {
    expect(splitText('abcdefghij', { size: 4, overlap: 1 })).toEqual(['abcd', 'defg', 'ghij']);
  });
});
