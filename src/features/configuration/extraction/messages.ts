/**
 * Translated texts of information extraction: configuration messages, per-field errors and the
 * endpoints' error codes, always from the `code` and its params (the server's English text is never shown).
 */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { EXTRACTION_ERROR_CODES, type ExtractionMessage, type FieldError } from '../../../contract/extraction';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, { ...params, interpolation: { escapeValue: false } } as never) as unknown as string;

export const messageText = (message: ExtractionMessage) => t(`extraction:messages.${message.code}`, { ...message.params, line: message.params.line ?? '?' });
export const fieldErrorText = (error: FieldError) => t(`extraction:fieldErrors.${error.code}`, { ...error.params, line: error.params.line ?? '?' });

/** The blocking messages of a refused save (422 extractionConfigurationInvalid), or none. */
export function refusedMessages(error: unknown): ExtractionMessage[] {
  if (serverCode(error) !== 'extractionConfigurationInvalid' || !(error instanceof ApiError)) return [];
  return ((error.jsonData as { messages?: ExtractionMessage[] } | undefined)?.messages ?? []).filter((message) => typeof message.code === 'string');
}

export function extractionErrorText(error: unknown): string {
  const code = serverCode(error);
  if (code && ((EXTRACTION_ERROR_CODES as readonly string[]).includes(code) || i18next.exists(`extraction:errors.${code}`))) return t(`extraction:errors.${code}`);
  if (code && i18next.exists(`nlu:errors.${code}`)) return t(`nlu:errors.${code}`);
  if (code && i18next.exists(`analyses:errors.${code}`)) return t(`analyses:errors.${code}`);
  return errorMessage(error);
}

/** A test case's own error code (analysis gone…) in the user's language. */
export function caseErrorText(error: { code: string; message: string }): string {
  for (const ns of ['extraction:errors', 'analyses:errors', 'nlu:errors']) if (i18next.exists(`${ns}.${error.code}`)) return t(`${ns}.${error.code}`);
  return error.message;
}
