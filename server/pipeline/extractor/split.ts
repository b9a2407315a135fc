/**
 * Cutting extracted text into blocks (§3 Extractor settings, global: split per characters count and
 * character redundancy; §9: 4000 by default). Counted in Unicode code points so a block never ends in
 * half an emoji or CJK supplementary character.
 */
export interface SplitOptions {
  /** At most this many characters per block. */
  size: number;
  /** Characters each block repeats from the end of the previous one (clamped below `size`). */
  overlap: number;
}

export function splitText(text: string, { size, overlap }: SplitOptions): string[] {
  const points = Array.from(text);
  if (points.length === 0) return [];
  const width = Math.max(1, size);
  // An overlap as large as the block would never move forward: keep at least one new character.
  const step = width - Math.min(Math.max(0, overlap), width - 1);
  const blocks: string[] = [];
  for (let start = 0; ; start += step) {
    blocks.push(points.slice(start, start + width).join(''));
    if (start + width >= points.length) break;
  }
  return blocks;
}
