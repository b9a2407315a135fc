/**
 * Cutting extracted text into blocks (§3 Extractor settings, global: split per characters count and
 * character redundancy; §9: 4000 by default). Counted in Unicode code points so a block never ends in
 * half an emoji or CJK supplementary character.
 *
 * This runs on the server's main thread over text a sender chose (a 3 MB mail body), so it costs one
 * pass over the text and one slice per block: spreading the text into an array of code points, as
 * `Array.from` does, took 150 ms per 3 MB and froze every request meanwhile.
 */
export interface SplitOptions {
  /** At most this many characters per block. */
  size: number;
  /** Characters each block repeats from the end of the previous one (clamped below `size`). */
  overlap: number;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The UTF-16 index `count` code points after `unit` (or the text's end). A lone surrogate counts as
 * one code point, as `Array.from` and `for…of` count it.
 */
function advance(text: string, unit: number, count: number): number {
  let at = unit;
  for (let left = count; left > 0 && at < text.length; left--) {
    const code = text.charCodeAt(at);
    const next = text.charCodeAt(at + 1);
    at += code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return at;
}

export function splitText(text: string, { size, overlap }: SplitOptions): string[] {
  if (text.length === 0) return [];
  const width = Math.max(1, size);
  // An overlap as large as the block would never move forward: keep at least one new character.
  const step = width - Math.min(Math.max(0, overlap), width - 1);
  // Text without surrogates (nearly all mail) has one UTF-16 unit per code point: offsets are indices.
  const move = SURROGATE.test(text) ? (unit: number, count: number) => advance(text, unit, count) : (unit: number, count: number) => Math.min(text.length, unit + count);
  const blocks: string[] = [];
  for (let start = 0; ; ) {
    const next = move(start, step);
    const end = move(next, width - step);
    blocks.push(text.slice(start, end));
    if (end >= text.length) break;
    start = next;
  }
  return blocks;
}
