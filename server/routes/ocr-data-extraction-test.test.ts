/**
 * The OCR data extraction test endpoint on the scanned invoice (test-fixtures/scan), through the real
 * server, PGlite and the OCR pool: words with boxes, fields with page and confidence, nothing stored,
 * 409 when the module is not enabled.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import type { OcrTestResult } from '../../src/contract/ocr-data-extraction';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await signIn(server.app, 'configurator');
}, 60_000);
afterAll(() => server.close());

const scan = (name: string) => ({ name, content: readFileSync(new URL(`../../test-fixtures/scan/${name}`, import.meta.url)) });
const withOcr = { modules: [{ id: 'x', type: 'extractor' as const, name: 'Extracteur' }, { id: 'ocr', type: 'ocrDataExtraction' as const, name: 'OCR' }] };

function upload(envId: string, file: { name: string; content: Buffer }) {
  const boundary = 'postroom-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `/v4/console/api/environment/${envId}/ocr-data-extraction/test`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('OCR data extraction test', () => {
  it('reads the scanned invoice PDF: its words boxed, its fields with page and confidence', async () => {
    const envId = await createEnvironment(server.handle.db, withOcr);
    const response = await upload(envId, scan('invoice-scan.pdf'));
    expect(response.statusCode).toBe(200);
    const result = response.json<OcrTestResult>();
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.image).toMatch(/^data:image\/png;base64,/);
    expect(result.pages[0]!.words.find((word) => word.text === 'FA-2026-0042')).toBeDefined();
    expect(Object.fromEntries(result.fields.map((field) => [field.name, field.value]))).toEqual({
      invoiceNumber: 'FA-2026-0042',
      date: '14/11/2026',
      totalExclTax: '1 029,80',
      totalInclTax: '1 235,76',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
    });
    expect(result.fields.every((field) => field.page === 1 && field.confidence > 60)).toBe(true);
  }, 120_000);

  it('answers 409 ocrDataExtractionNotEnabled without an active module, and refuses other files', async () => {
    const without = await createEnvironment(server.handle.db);
    const refused = await upload(without, scan('invoice-scan.png'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ocrDataExtractionNotEnabled' });
    const envId = await createEnvironment(server.handle.db, withOcr);
    const docx = await upload(envId, { name: 'letter.docx', content: readFileSync(new URL('../../test-fixtures/office/letter.docx', import.meta.url)) });
    expect(docx.statusCode).toBe(400);
    expect(docx.json()).toMatchObject({ code: 'ocrFileUnsupported' });
  }, 60_000);
});
