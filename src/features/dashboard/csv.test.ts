/** A chart's numbers as CSV: what a spreadsheet opens, raw numbers, text that cannot run as a formula. */
import { describe, expect, it } from 'vitest';
import { panelCsv } from './csv';
import type { PanelTable } from './panels';

const panel: PanelTable = {
  id: 'categories',
  kind: 'rowBars',
  title: 'Catégories',
  rowHeader: 'Catégorie',
  columns: [
    { key: 'total', label: 'Nombre', format: 'count', drawn: true },
    { key: 'share', label: 'Part', format: 'percent', drawn: false },
  ],
  rows: [
    { label: 'Résiliation, contrat "pro"', values: [3, 0.75] },
    { label: '=HYPERLINK("x")', values: [1, 0.25] },
    { label: 'Vide', values: [0, null] },
  ],
};

describe('panel CSV', () => {
  it('writes a header and one line per row, quoting as RFC 4180 says, numbers raw', () => {
    expect(panelCsv(panel)).toBe(
      'Catégorie,Nombre,Part\r\n"Résiliation, contrat ""pro""",3,0.75\r\n"\'=HYPERLINK(""x"")",1,0.25\r\nVide,0,\r\n',
    );
  });
});
