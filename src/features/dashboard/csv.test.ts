/** A chart's numbers as CSV: what a spreadsheet opens, raw numbers, text that cannot run as a formula. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { panelCsv } from './csv';
import type { PanelTable } from './panels';

const panel = (rows: PanelTable['rows'], rowHeader = 'Catégorie', label = 'Nombre'): PanelTable => ({
  id: 'categories',
  kind: 'rowBars',
  title: 'Catégories',
  rowHeader,
  columns: [
    { key: 'total', label, format: 'count', drawn: true },
    { key: 'share', label: 'Part', format: 'percent', drawn: false },
  ],
  rows,
});

const read = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n' }).data;

describe('panel CSV', () => {
  it('writes a header and one line per row, quoting as RFC 4180 says, numbers raw', () => {
    expect(panelCsv(panel([
      { label: 'Résiliation, contrat "pro"', values: [3, 0.75] },
      { label: 'Écart', values: [-2, -0.5] },
      { label: 'Vide', values: [0, null] },
    ]), 'en')).toBe('\uFEFFCatégorie,Nombre,Part\r\n"Résiliation, contrat ""pro""",3,0.75\r\nÉcart,-2,-0.5\r\nVide,0,\r\n');
  });

  it('writes labels a spreadsheet would run (a category named by a tenant, a header) as text', () => {
    const hostile = ['=HYPERLINK("http://evil.example")', ' =1+1', '\r=1+1', '+cmd', '-2+3', '@SUM(A1)', '＝1'];
    const csv = panelCsv(panel(hostile.map((label) => ({ label, values: [1, 0.5] })), '=cmd|x', '\t@x'), 'en');
    const [header, ...rows] = read(csv);
    expect(header).toEqual(["'=cmd|x", "'\t@x", 'Part']);
    expect(rows.map((row) => row[0])).toEqual(hostile.map((label) => `'${label}`));
    expect(rows.every((row) => row[1] === '1' && row[2] === '0.5')).toBe(true);
  });

  it('follows a French reader: semicolons and decimal commas', () => {
    expect(panelCsv(panel([{ label: 'Résiliation; contrat', values: [3, 0.75] }, { label: 'Écart', values: [-2, -0.5] }]), 'fr')).toBe(
      '\uFEFFCatégorie;Nombre;Part\r\n"Résiliation; contrat";3;0,75\r\nÉcart;-2;-0,5\r\n',
    );
  });
});
