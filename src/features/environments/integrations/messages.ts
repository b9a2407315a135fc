/** A connector failure in the user's language, from the server's code and its parameters (§8). */
import type { TFunction } from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { formatDate } from '../../../i18n/dates';
import type { Language } from '../../../storage/preferences';
import { CONNECTOR_ERROR_CODES, type ConnectorErrorCode, type ConnectorFailure } from '../../../contract/integrations';

/** The credentials a missingSecret names by their setting's key: said by the name the connector form gives them. */
const SECRET_NAMES = ['clientSecret', 'password', 'apiKey', 'privateKey'] as const;

/**
 * The outbound client's failure classes (server/outbound/client.ts). A failure stored before every
 * unreached server became `targetRefused` kept one as the detail of `healthCheckFailed` ("détail
 * technique : dns"): it reads as the one unreached-server text, never as the class's identifier.
 */
const OUTBOUND_FAILURES = ['badUrl', 'refusedTarget', 'dns', 'connect', 'timeout', 'tooLarge', 'network'];

export function connectorCodeText(t: TFunction<'integrations'>, code: string | null | undefined, detail: string | null = null, target: string | null = null): string | null {
  if (!code || !(CONNECTOR_ERROR_CODES as readonly string[]).includes(code)) return null;
  if (code !== 'missingSecret' && detail !== null && OUTBOUND_FAILURES.includes(detail)) return t('errors.targetRefused', { target: target ?? '' });
  // The platform's own Google app is missing: nothing the connector lacks, a choice to make in its form.
  if (code === 'missingSecret' && detail === 'platformCredentials') return t('errorDetails.platformCredentialsMissing');
  const secret = code === 'missingSecret' ? SECRET_NAMES.find((name) => name === detail) : undefined;
  return t(`errors.${code as ConnectorErrorCode}`, { detail: secret ? t(`errorDetails.secretNames.${secret}`) : (detail ?? '—'), target: target ?? '' });
}

export function connectorErrorText(t: TFunction<'integrations'>, error: unknown): string {
  const body = error instanceof ApiError && typeof error.jsonData === 'object' && error.jsonData !== null ? (error.jsonData as Record<string, unknown>) : {};
  const detail = typeof body.providerCode === 'string' ? body.providerCode : null;
  const target = typeof body.target === 'string' ? body.target : null;
  return connectorCodeText(t, serverCode(error), detail, target) ?? errorMessage(error);
}

/** A connector's failure (stored as code + detail) as text; quotaReached's renewal day as the reader's date. */
export function failureText(t: TFunction<'integrations'>, failure: ConnectorFailure | null, language: Language): string {
  if (failure === null) return '';
  return connectorCodeText(t, failure.code, readableDetail(failure.code, failure.detail, language)) ?? failure.code;
}

/** The server sends quotaReached's renewal as a calendar day (`YYYY-MM-DD`): shown like every date of the console. */
function readableDetail(code: string, detail: string | null, language: Language): string | null {
  return code === 'quotaReached' && detail !== null && /^\d{4}-\d{2}-\d{2}$/.test(detail) ? formatDate(detail, language) : detail;
}
