/**
 * A sheet → text for the extractor (§3 spreadsheet settings): `unmergeCells` copies a merged range's
 * value into every cell of the range (so each row reads whole); `readVertically` reads column by
 * column instead of row by row (tables whose records are columns). Cells are separated by tabs,
 * lines by line ends; empty lines and trailing empty cells are dropped.
 */
import type { Sheet } from '../model';

export type SheetTextOptions = { readVertically: boolean; unmergeCells: boolean };

export function sheetGrid(sheet: Sheet, unmergeCells: boolean): string[][] {
  const grid = sheet.rows.map((row) => row.slice());
  if (!unmergeCells) return grid;
  for (const merge of sheet.merges) {
    const value = grid[merge.top]?.[merge.left] ?? '';
    for (let r = merge.top; r <= merge.bottom && r < grid.length; r++) {
      for (let c = merge.left; c <= merge.right && c < 1000; c++) grid[r]![c] = value;
    }
  }
  return grid;
}

export function sheetText(sheet: Sheet, { readVertically, unmergeCells }: SheetTextOptions): string {
  let lines = sheetGrid(sheet, unmergeCells);
  if (readVertically) {
    const width = Math.max(0, ...lines.map((row) => row.length));
    lines = Array.from({ length: width }, (_, c) => lines.map((row) => row[c] ?? ''));
  }
  return lines
    .map((line) => {
      let end = line.length;
      while (end > 0 && line[end - 1]!.trim() === '') end--;
      return line.slice(0, end).join('\t');
    })
    .filter((line) => line.trim() !== '')
    .join('\n');
}
