// Fixtures made with LibreOffice 7.4 from test-fixtures/sources (see test-fixtures/README.md).
import { describe, expect, it } from 'vitest';
import { parseFile } from './parse-file';
import { repoFixture } from './test-support/fixtures';
import { sheetText } from './office/sheet-text';
import { ParseError } from './errors';

const parse = (path: string) => parseFile(path.split('/').pop()!, repoFixture(path));

describe('word processing documents', () => {
  for (const format of ['docx', 'odt'] as const) {
    it(`reads the two pages of the ${format} letter, its table and its picture`, async () => {
      const { model, blobs } = await parse(`office/letter.${format}`);
      expect(model.kind).toBe('document');
      const doc = model.document!;
      expect(doc.format).toBe(format);
      expect(doc.pages.map((page) => page.number)).toEqual([1, 2]);
      expect(doc.pages[0]!.text).toContain('la réparation coûte 1 234,56 €.');
      expect(doc.pages[0]!.text).toContain('Référence du contrat :\tCT-88421');
      expect(doc.pages[0]!.text).toContain('Poste\tMontant\nPlomberie\t980,00');
      expect(doc.pages[1]!.text).toBe('Page deux : pièces jointes et signature.\nÉlodie Marchand');
      expect(doc.images).toHaveLength(1);
      expect(doc.images[0]!.contentType).toBe('image/png');
      // The picture is the PNG that was put in the source document.
      expect(blobs[doc.images[0]!.blobId]!.length).toBe(repoFixture('sources/stamp.png').length);
    });
  }

  it('reads the text of the Word 97 .doc letter, table rows on their own lines', async () => {
    const { model } = await parse('office/letter.doc');
    const text = model.document!.pages.map((page) => page.text).join('\n');
    expect(model.document!.format).toBe('doc');
    expect(text).toContain('Je vous écris au sujet du dégât des eaux survenu le 3 novembre 2026 : la réparation coûte 1 234,56 €.');
    expect(text).toContain('Poste\tMontant\nPlomberie\t980,00\n');
    expect(text).toContain('Élodie Marchand');
  });
});

describe('presentations', () => {
  for (const format of ['pptx', 'pptm', 'odp'] as const) {
    it(`reads the ${format} slides in order`, async () => {
      const { model } = await parse(`office/slides.${format}`);
      const doc = model.document!;
      expect(doc.unit).toBe('slide');
      expect(doc.pages).toEqual([
        { number: 1, text: 'Offre de résiliation\nDiapositive une : le client demande la résiliation.\nÉchéance au 31 décembre.' },
        { number: 2, text: 'Slide two: amounts\nTotal due 1 234,56 EUR' },
      ]);
    });
  }

  it('lists a legacy .ppt as unreadable instead of guessing', async () => {
    const { model } = await parse('office/slides.ppt');
    expect(model.document).toMatchObject({ format: 'ppt', unreadable: true, pages: [] });
  });
});

describe('spreadsheets', () => {
  for (const format of ['xlsx', 'xlsm', 'xls', 'ods'] as const) {
    it(`reads the ${format} sheets, the hidden one marked, and the merged title`, async () => {
      const { model } = await parse(`office/orders.${format}`);
      const [orders, internal] = model.spreadsheet!.sheets;
      expect(orders).toMatchObject({ name: 'Commandes', hidden: false, merges: [{ top: 0, left: 0, bottom: 0, right: 1 }] });
      expect(orders!.rows[1]).toEqual(['Référence', 'Client', 'Montant']);
      expect(orders!.rows[3]).toEqual(['CMD-102', 'Lefèvre', '89']);
      expect(internal).toMatchObject({ name: 'Interne', hidden: true, rows: [['Note interne : marge 42 %']] });
    });
  }

  it('unmerges cells and reads vertically when asked', async () => {
    const sheet = (await parse('office/orders.xlsx')).model.spreadsheet!.sheets[0]!;
    expect(sheetText(sheet, { readVertically: false, unmergeCells: true }).split('\n')[0]).toBe('Commandes novembre\tCommandes novembre');
    expect(sheetText(sheet, { readVertically: false, unmergeCells: false }).split('\n')[0]).toBe('Commandes novembre');
    expect(sheetText(sheet, { readVertically: true, unmergeCells: false }).split('\n')).toEqual([
      'Commandes novembre\tRéférence\tCMD-101\tCMD-102',
      '\tClient\tDupont\tLefèvre',
      '\tMontant\t120.5\t89',
    ]);
  });
});

describe('HTML pages', () => {
  it('reads the text and title, keeps inline images and counts remote ones without fetching them', async () => {
    const { model, blobs } = await parse('office/page.html');
    const html = model.html!;
    expect(html.title).toBe('Avis de passage');
    expect(html.text).toContain('Votre colis n° CP-7781 vous attend au bureau de poste.');
    expect(html.text).not.toContain("document.title='x'");
    expect(html.images).toHaveLength(1);
    expect(blobs[html.images[0]!.blobId]).toEqual(repoFixture('sources/stamp.png'));
    expect(html.remoteImages).toBe(1);
  });
});

describe('damaged office files', () => {
  const damaged = ['letter.docx', 'letter.doc', 'slides.pptx', 'orders.xlsx', 'orders.xls', 'letter.odt'];
  for (const name of damaged) {
    for (const variant of ['truncated', 'scrambled']) {
      it(`ends the ${variant} ${name} in a model or a clear error`, async () => {
        try {
          const { model } = await parse(`damaged/${variant}-${name}`);
          expect(['document', 'spreadsheet']).toContain(model.kind);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseError);
          expect(['corrupt', 'unsupported']).toContain((error as ParseError).code);
        }
      });
    }
  }

  it('refuses a truncated DOCX as corrupt, naming the format', async () => {
    await expect(parse('damaged/truncated-letter.docx')).rejects.toMatchObject({ code: 'corrupt', message: expect.stringContaining('DOCX') });
  });
});
