/**
 * Request building: real PDF pages rendered to PNG, pictures sent as they are, the page cap over the
 * whole analysis, the texts, and the answer read back against the settings.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../../../src/contract/analyses';
import { visionEngineConfigSchema } from '../../../../src/contract/modules/vision-engine';
import type { ExtractionOutcome } from '../../extractor/extract';
import { fixture } from '../../testing/analyses';
import { visionInput } from './pages';
import { OcrPool } from '../../../ocr/ocr-pool';
import { RENDER_DEADLINE_MS, renderPdfPagesInThread } from './render-in-thread';
import { readVisionAnswer, visionChatRequest } from './request';
import { encodePipelineMessage } from '../../../../src/contract/pipeline-messages';
import { inEnglish } from '../../../test-support/pipeline-text';

const scan = (name: string) => readFileSync(new URL(`../../../../test-fixtures/scan/${name}`, import.meta.url));

const doc = (name: string, contentType: string, pageCount: number | null, text: string, path = [name]): ExtractedDocument => ({
  fileId: null,
  path,
  name,
  source: path.length === 1 ? 'main' : 'attachment',
  contentType,
  headers: null,
  html: null,
  pageCount,
  blocks: [{ page: null, text }],
  notes: [],
});

const outcome = (documents: ExtractedDocument[], attachments: ExtractionOutcome['attachments'] = []): ExtractionOutcome => ({
  result: { documents },
  attachments,
  mainFileError: null,
  summary: '',
});

const PNG = 'data:image/png;base64,iVBORw0KGgo';

describe('vision engine input', () => {
  it('renders PDF pages to PNG and sends pictures as they are, with each document text', async () => {
    const pdf = fixture('pdf/claim-letter-fr.pdf');
    const jpg = scan('invoice-scan.jpg');
    const input = await visionInput(
      outcome(
        [doc('mail.eml', 'message/rfc822', null, 'Bonjour, voici la facture.'), doc('claim.pdf', 'application/pdf', 1, 'Déclaration de sinistre', ['mail.eml', 'claim.pdf']), doc('photo.jpg', 'image/jpeg', null, '')],
        [{ fileName: 'claim.pdf', contentType: 'application/pdf', path: ['mail.eml', 'claim.pdf'], bytes: pdf }],
      ),
      [{ name: 'photo.jpg', content: jpg }],
      5,
    );
    expect(input.images.map((image) => [image.document, image.page])).toEqual([['claim.pdf', 1], ['photo.jpg', null]]);
    expect(input.images[0]!.dataUrl.startsWith(PNG)).toBe(true);
    expect(input.images[1]!.dataUrl).toBe(`data:image/jpeg;base64,${jpg.toString('base64')}`);
    expect(input.texts).toEqual([
      { document: 'mail.eml', text: 'Bonjour, voici la facture.' },
      { document: 'claim.pdf', text: 'Déclaration de sinistre' },
    ]);
    expect([input.pagesLeftOut, input.notes]).toEqual([0, []]);
  }, 60_000);

  it('sends at most maxPages images over the analysis and counts the pages left out', async () => {
    const pdf = fixture('pdf/report-120-pages.pdf');
    const input = await visionInput(outcome([doc('report.pdf', 'application/pdf', 120, 'Rapport')]), [{ name: 'report.pdf', content: pdf }], 2);
    expect(input.images.map((image) => image.page)).toEqual([1, 2]);
    expect(input.pagesLeftOut).toBe(118);
  }, 60_000);

  it('keeps the text of a PDF whose pages cannot be rendered, and says why in the notes', async () => {
    const broken = fixture('pdf/claim-letter-fr.pdf').subarray(0, 1500);
    const input = await visionInput(outcome([doc('broken.pdf', 'application/pdf', 2, 'Texte lu')]), [{ name: 'broken.pdf', content: broken }], 5);
    expect([input.images, input.texts, input.pagesLeftOut]).toEqual([[], [{ document: 'broken.pdf', text: 'Texte lu' }], 2]);
    expect(input.notes.map((note) => inEnglish(encodePipelineMessage(note)))).toEqual([expect.stringMatching(/^"broken.pdf" page 1 could not be rendered \(.+\): its text only was sent from there on\.$/)]);
    // The reason is translated; pdf.js's own (English) words are not passed on to the reader.
    expect(input.notes[0]!.params?.reason).toEqual({ key: 'reason.unreadableFile' });
  }, 60_000);

  it('stops a rendering thread past its deadline, keeping what it rendered, and renders the next document in a new one', async () => {
    // A pool of its own: its thread is still loading pdf.js when the 50 ms are up.
    const pool = new OcrPool(1);
    try {
      const rendered = await renderPdfPagesInThread(fixture('pdf/report-120-pages.pdf'), [1, 2, 3], 110, 50, pool);
      expect(rendered).toEqual({ pngs: [], problem: { page: 1, message: 'rendering took longer than 0.05 s', reason: { key: 'reason.timeoutAfter', params: { seconds: 0.05 } } } });
      const next = await renderPdfPagesInThread(fixture('pdf/report-120-pages.pdf'), [1, 2], 110, RENDER_DEADLINE_MS, pool);
      expect(next.problem).toBeNull();
      expect(next.pngs.map(({ page, png }) => [page, Buffer.from(png.subarray(0, 8)).toString('base64')])).toEqual([
        [1, 'iVBORw0KGgo='],
        [2, 'iVBORw0KGgo='],
      ]);
    } finally {
      pool.close();
    }
  }, 60_000);

  it('says when a document content is gone (retention) and sends its text only', async () => {
    const input = await visionInput(outcome([doc('old.pdf', 'application/pdf', 3, 'Texte conservé')]), [], 5);
    expect(input.images).toEqual([]);
    expect(input.texts).toEqual([{ document: 'old.pdf', text: 'Texte conservé' }]);
    expect(input.notes.map((note) => inEnglish(encodePipelineMessage(note)))).toEqual(['"old.pdf": its content is no longer available (retention), only its text was sent.']);
  });
});

describe('vision chat request', () => {
  const config = visionEngineConfigSchema.parse({ type: 'strict_classification', prompt: 'Classe le courrier.', categories: [{ key: 'invoice', description: 'Une facture' }, { key: 'claim' }] });

  it('holds the instructions with the keys, the prompt, the texts, the images and the schema', () => {
    const request = visionChatRequest(config, { images: [{ document: 'a.pdf', page: 2, dataUrl: 'data:image/png;base64,AAAA' }], texts: [{ document: 'a.pdf', text: 'Facture 42' }], pagesLeftOut: 0, notes: [] });
    expect(request.messages[0]).toEqual({ role: 'system', content: expect.stringContaining('- invoice: Une facture\n- claim') });
    expect(request.messages[1]!.content).toEqual([
      { type: 'text', text: 'Classe le courrier.' },
      { type: 'text', text: 'Text of "a.pdf":\nFacture 42' },
      { type: 'text', text: '"a.pdf", page 2:' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'high' } },
    ]);
    expect(request.jsonSchema?.name).toBe('vision_classification');
  });

  it('reads a valid answer and explains why another is refused', () => {
    expect(readVisionAnswer(config, '{"categories":["claim","claim"],"explanation":"Un constat"}')).toEqual({ ok: true, value: { categories: ['claim'], fields: {}, answer: 'Un constat' } });
    expect(readVisionAnswer(config, 'Sure! Here it is')).toEqual({ ok: false, message: 'the answer is not JSON: Sure! Here it is', reason: { key: 'reason.notJson', params: { detail: 'Sure! Here it is' } } });
    const unknown = readVisionAnswer(config, '{"categories":["receipt"],"explanation":"x"}');
    expect(unknown.ok ? '' : unknown.message).toMatch(/^the answer does not match the settings: categories\.0: /);
    expect(unknown.ok ? null : unknown.reason).toMatchObject({ key: 'reason.notMatchingSchema', params: { detail: expect.stringMatching(/^categories\.0: /) } });
    const extra = readVisionAnswer(config, '{"categories":[],"explanation":"x","mood":"happy"}');
    expect(extra.ok ? '' : extra.message).toMatch(/\(mood\)$/);
  });

  it("keeps the quoted words of the fields that have a value, and reads an answer without quotes", () => {
    const extraction = visionEngineConfigSchema.parse({ type: 'strict_extraction', extractionFields: [{ field: 'numero' }, { field: 'total' }, { field: 'iban' }] });
    const answer = { fields: { numero: 'FA-42', total: '1 250,50', iban: null }, quotes: { numero: 'Facture n°\nFA-42', total: '  ', iban: 'aucun' } };
    expect(readVisionAnswer(extraction, JSON.stringify(answer))).toEqual({ ok: true, value: { categories: [], fields: answer.fields, quotes: { numero: 'Facture n°\nFA-42' }, answer: null } });
    expect(readVisionAnswer(extraction, JSON.stringify({ fields: answer.fields }))).toEqual({ ok: true, value: { categories: [], fields: answer.fields, answer: null } });
  });
});
