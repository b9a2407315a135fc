/**
 * Translated texts of categorization: the §5/§8 configuration messages and the endpoints' error
 * codes, always from the `code` and its params (the server's English `message` is never shown).
 */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { CATEGORIZATION_ERROR_CODES } from '../../../contract/categorization';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

export { configurationMessageText, refusedMessages } from '../../../ui/configuration-message-text';

/** An error of the categorization endpoints (or of the NLU run of the test) in the user's language. */
export function categorizationErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  if (code && (CATEGORIZATION_ERROR_CODES as readonly string[]).includes(code)) return t(`categorization:errors.${code}`, params);
  if (code && i18next.exists(`nlu:errors.${code}`)) return t(`nlu:errors.${code}`, params);
  if (code && i18next.exists(`analyses:errors.${code}`)) return t(`analyses:errors.${code}`, params);
  return errorMessage(error);
}

/** A load error for ListState, its text translated by code. */
export function translatedError(error: unknown): Error | null {
  return error ? new Error(categorizationErrorText(error)) : null;
}
