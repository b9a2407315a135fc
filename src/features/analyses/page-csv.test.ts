/** The page download: what a spreadsheet opening the file would show. */
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { toCsv } from './page-csv';

describe('toCsv', () => {
  it('keeps commas, quotes, line breaks and accents in their cells', () => {
    const csv = toCsv(['Nom', 'Statut'], [['Facture, "mars"\nclient é', 'Traitée'], ['b', 'Erreur']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ['Nom', 'Statut'],
      ['Facture, "mars"\nclient é', 'Traitée'],
      ['b', 'Erreur'],
    ]);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv(['Nom'], [['=HYPERLINK("http://evil")'], ['+1'], ['-2'], ['@SUM(A1)']]);
    const cells = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data.slice(1).map((row) => row[0]);
    for (const cell of cells) expect(cell?.startsWith("'")).toBe(true);
  });
});
