/**
 * The OCR data extraction module's rules endpoints through the real server and PGlite: the invoice
 * rules when the module has none, a save refused with one stable code per problem, a save that the
 * module's test then uses (real OCR of the scanned invoice), back to the invoice rules, and the same
 * check on a plain environment settings write.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrDataExtractionSettings, OcrTestResult } from '../../src/contract/ocr-data-extraction';
import { INVOICE_RULES } from '../../src/ocr/fields';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await signIn(server.app, 'configurator');
}, 60_000);
afterAll(() => server.close());

const modules = [
  { id: 'x', type: 'extractor' as const, name: 'Extracteur' },
  { id: 'ocr', type: 'ocrDataExtraction' as const, name: 'Données OCR' },
];
const call = (method: 'GET' | 'PUT', envId: string, url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api/environment/${envId}${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

function ocrTest(envId: string) {
  const boundary = 'postroom-test-boundary';
  const content = readFileSync(new URL('../../test-fixtures/scan/invoice-scan.pdf', import.meta.url));
  return server.app.inject({
    method: 'POST',
    url: `/v4/console/api/environment/${envId}/ocr-data-extraction/test`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice-scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('OCR data extraction rules', { timeout: 120_000 }, () => {
  it('answers the invoice rules for a module without rules, and 404 / 409 for other modules', async () => {
    const envId = await createEnvironment(server.handle.db, { modules });
    const view = (await call('GET', envId, '/modules/ocr/ocr-data-extraction')).json<OcrDataExtractionSettings>();
    expect(view).toMatchObject({ module: { id: 'ocr', name: 'Données OCR', type: 'ocrDataExtraction' }, custom: false });
    expect(view.rules).toEqual(INVOICE_RULES);
    expect((await call('GET', envId, '/modules/nope/ocr-data-extraction')).json()).toMatchObject({ code: 'moduleNotFound', params: { moduleId: 'nope' } });
    const wrong = await call('GET', envId, '/modules/x/ocr-data-extraction');
    expect([wrong.statusCode, wrong.json().code]).toEqual([409, 'wrongModuleType']);
  });

  it('refuses rules with problems, one code per problem and rule, and stores nothing', async () => {
    const envId = await createEnvironment(server.handle.db, { modules });
    const refused = await call('PUT', envId, '/modules/ocr/ocr-data-extraction', {
      rules: [
        { name: 'total', by: 'label', labels: ['Total'], value: '(\\d+' },
        { name: 'Total', by: 'pattern', pattern: '' },
        { name: ' ', by: 'label', labels: [] },
        { name: 'zone', by: 'zone', zone: { x0: 0.6, y0: 0, x1: 0.2, y1: 1.5 } },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'ocrRulesInvalid',
      problems: [
        { index: 0, field: 'value', code: 'patternInvalid', params: { pattern: '(\\d+' } },
        { index: 1, field: 'name', code: 'ruleNameTaken', params: { name: 'Total' } },
        { index: 1, field: 'pattern', code: 'patternEmpty' },
        { index: 2, field: 'name', code: 'ruleNameEmpty' },
        { index: 2, field: 'labels', code: 'labelsEmpty' },
        { index: 3, field: 'zone', code: 'zoneInvalid' },
      ],
    });
    expect((await call('GET', envId, '/modules/ocr/ocr-data-extraction')).json()).toMatchObject({ custom: false });
  });

  it('saves rules that the module test then uses, and goes back to the invoice rules with null', async () => {
    const envId = await createEnvironment(server.handle.db, { modules });
    const before = (await ocrTest(envId)).json<OcrTestResult>();
    expect(before.fields.map((field) => field.name)).toEqual(['invoiceNumber', 'date', 'totalExclTax', 'totalInclTax', 'iban']);

    const rules = [
      { name: 'total', by: 'label', labels: ['  Total TTC '], direction: 'right', value: '\\d[\\d  .]*,\\d{2}' },
      { name: 'seller', by: 'zone', zone: { x0: 0, y0: 0.135, x1: 0.6, y1: 0.18 } },
    ];
    const saved = await call('PUT', envId, '/modules/ocr/ocr-data-extraction', { rules });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ custom: true, rules: [{ name: 'total', labels: ['Total TTC'], direction: 'right' }, { name: 'seller', by: 'zone' }] });

    const after = (await ocrTest(envId)).json<OcrTestResult>();
    expect(after.fields.map((field) => [field.name, field.value])).toEqual([
      ['total', '1 235,76'],
      ['seller', 'Atelier Marchand SARL\n12 rue des Lilas, 69003 Lyon'],
    ]);

    const reset = (await call('PUT', envId, '/modules/ocr/ocr-data-extraction', { rules: null })).json<OcrDataExtractionSettings>();
    expect([reset.custom, reset.rules]).toEqual([false, INVOICE_RULES]);
  });

  it('refuses a pattern that is not a regular expression in a plain settings write too', async () => {
    const envId = await createEnvironment(server.handle.db, { modules });
    const details = (await call('GET', envId, '/settings')).json<{ name: string; visibility: string; priority: boolean; settings: Record<string, unknown> }>();
    const response = await call('PUT', envId, '/settings', {
      name: details.name,
      visibility: details.visibility,
      priority: details.priority,
      settings: { ...details.settings, modules: [modules[0], { ...modules[1], config: { rules: [{ name: 'iban', by: 'pattern', pattern: '[A-Z' }] } }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ocrRulesInvalid', problems: [{ index: 0, code: 'patternInvalid' }] });
  });

  it('refuses to run the module test on rules an import wrote with a bad pattern', async () => {
    const envId = await createEnvironment(server.handle.db, { modules: [modules[0]!, { ...modules[1]!, config: { rules: [{ name: 'x', by: 'pattern', pattern: '(?=a)a+' }] } }] });
    const response = await ocrTest(envId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ocrRulesInvalid', problems: [{ index: 0, code: 'patternUnsupported', params: { pattern: '(?=a)a+', construct: '(?=' } }] });
  });
});
