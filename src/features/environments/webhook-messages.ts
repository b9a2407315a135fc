/**
 * What the webhooks page says about a save refused by the server and about a test delivery (§8):
 * the server's `code` picks the translated text, and a test delivery shows the destination's HTTP
 * status or one generic sentence (the server says nothing more, so a test cannot probe a network).
 */
import type { TFunction } from 'i18next';
import { errorMessage, serverCode } from '../../api/errors';
import { WEBHOOK_ERROR_CODES, type WebhookErrorCode } from '../../contract/access-keys';

export function webhookSaveErrorText(t: TFunction<'environments'>, error: unknown): string {
  const code = serverCode(error);
  if (code !== undefined && (WEBHOOK_ERROR_CODES as readonly string[]).includes(code)) return t(`webhooks.errors.${code as WebhookErrorCode}`);
  return errorMessage(error);
}

export function testDeliveryText(t: TFunction<'environments'>, result: { delivered: boolean; statusCode: number | null }): string {
  if (result.delivered) return t('webhooks.delivered', { status: result.statusCode });
  if (result.statusCode !== null) return t('webhooks.replied', { status: result.statusCode });
  return t('webhooks.notDelivered');
}
