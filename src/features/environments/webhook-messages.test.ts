// @vitest-environment jsdom
/** The webhooks page translates the server's codes (in both languages) and never shows more than §8 says. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { WEBHOOK_ERROR_CODES } from '../../contract/access-keys';
import { initI18n } from '../../i18n/setup';
import { testDeliveryText, webhookSaveErrorText } from './webhook-messages';

const http = (status: number, jsonData: unknown) => new ApiError('http', 'x', { url: '/', status, jsonData });

describe.each(['fr', 'en'] as const)('webhook messages in %s', (lng) => {
  const translator = async () => (await initI18n(lng)).getFixedT(lng, 'environments');

  it.each(WEBHOOK_ERROR_CODES)('translate the server code %s', async (code) => {
    const t = await translator();
    const text = webhookSaveErrorText(t, http(400, { code, message: 'server words' }));
    expect(text).not.toBe('server words');
    expect(text).not.toContain(code);
    expect(text).not.toContain('webhooks.');
  });

  it('read other codes from the one error table, never the server sentence', async () => {
    const text = webhookSaveErrorText(await translator(), http(404, { code: 'webhookNotFound', message: 'server words' }));
    expect(text).toBe(lng === 'fr' ? 'Webhook introuvable.' : 'Webhook not found.');
  });

  it('show the HTTP status of an answer, else one generic sentence', async () => {
    const t = await translator();
    expect(testDeliveryText(t, { delivered: true, statusCode: 204 })).toContain('204');
    expect(testDeliveryText(t, { delivered: false, statusCode: 500 })).toContain('500');
    const generic = testDeliveryText(t, { delivered: false, statusCode: null });
    expect(generic).toBe(lng === 'fr' ? 'Une erreur interne a empêché la livraison.' : 'An internal error prevented delivery.');
  });
});
