// @vitest-environment jsdom
/**
 * A picture of the analysis shown as the picture: the OCR words its evidence came from are boxes over
 * it, placed in fractions of the image, marked and chosen like the text's words, by mouse and
 * keyboard; the picture's loading fails with a way to try again.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { analysisEvidence } from '../../analyses/evidence';
import { module } from '../../analyses/evidence-test-fixtures';
import type { ExtractorResult } from '../../contract/analysis-results';
import type { ExtractionResult } from '../../contract/modules/extraction';
import { EvidenceView } from './evidence-view';

beforeAll(async () => {
  await initI18n('fr');
  // jsdom has no blob URLs; the picture's address is all the test needs of one.
  URL.createObjectURL ??= () => 'blob:scan';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(() => cleanup());

const text = 'FACTURE\nN° FA-2026-0042\nTotal 12 euros';
const at = (word: string) => ({ document: 0, block: 0, start: text.indexOf(word), end: text.indexOf(word) + word.length });
const extractor: ExtractorResult = {
  documents: [{ fileId: 'f1', path: ['scan.png'], name: 'scan.png', source: 'main', contentType: 'image/png', headers: null, html: null, pageCount: 1, blocks: [{ page: null, text }], notes: [] }],
  // As the run keeps them: the two evidence words of a 1000 × 500 picture.
  ocrBoxes: [
    {
      document: 0,
      page: 1,
      width: 1000,
      height: 500,
      words: [
        { ...at('FA-2026-0042'), box: { x0: 100, y0: 50, x1: 400, y1: 100 } },
        { ...at('12'), box: { x0: 600, y0: 200, x1: 650, y1: 250 } },
      ],
    },
  ],
};
const extraction: ExtractionResult = { scope: 'analysis', fields: { numero: 'FA-2026-0042', total: '12' }, errors: [], evidence: { numero: [at('FA-2026-0042')], total: [at('12')] }, documents: [] };
const evidence = analysisEvidence([module('extractor', extractor), module('extraction', extraction)])!;

function view(load: () => Promise<Uint8Array>) {
  render(<EvidenceView evidence={evidence} originalOf={() => load} />);
  fireEvent.click(screen.getByRole('button', { name: 'Image' }));
}
const box = (words: string) => [...document.querySelectorAll<HTMLElement>('mark.p-evidence__box')].find((mark) => mark.textContent === words)!;

describe('OCR boxes over a picture', () => {
  it('draws the evidence words as boxes where they stand on the picture, and a panel line leads to its box', async () => {
    view(async () => new Uint8Array([137, 80, 78, 71]));
    const picture = await screen.findByTestId('evidence-picture');
    expect(within(picture).getByRole('img').getAttribute('alt')).toBe('scan.png, les mots lus par OCR qui ont servi encadrés');
    const number = box('FA-2026-0042');
    expect([number.style.left, number.style.top, number.style.width, number.style.height]).toEqual(['10%', '10%', '30%', '10%']);
    expect(number.className).toContain('p-evidence__mark--field');
    expect(picture.querySelectorAll('mark.p-evidence__box')).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId('evidence-field')).getByRole('button', { name: /numero/ }));
    expect([...picture.querySelectorAll('mark.is-selected')].map((mark) => mark.textContent)).toEqual(['FA-2026-0042']);
    expect(box('FA-2026-0042').classList.contains('is-current')).toBe(true);
    expect(document.activeElement).toBe(box('FA-2026-0042'));
    expect(screen.getByTestId('evidence-status').textContent).toBe('Endroit 1 sur 1 : le champ numero = FA-2026-0042');
  });

  it('says what a box fed when chosen by keyboard', async () => {
    view(async () => new Uint8Array([137, 80, 78, 71]));
    await screen.findByTestId('evidence-picture');
    const total = box('12');
    total.focus();
    fireEvent.keyDown(total, { key: 'Enter' });
    expect(screen.getByTestId('evidence-status').textContent).toBe('« 12 » a servi à : le champ total = 12');
    expect(within(screen.getByTestId('evidence-fed')).getAllByRole('button').map((button) => button.textContent)).toEqual(['le champ total = 12']);
  });

  it('offers to try again when the picture cannot be fetched', async () => {
    let calls = 0;
    view(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return new Uint8Array([137, 80, 78, 71]);
    });
    expect(await screen.findByText('L’image d’origine n’a pas pu être lue. Revenez au texte, ou réessayez.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('evidence-picture')).toBeTruthy();
  });
});
