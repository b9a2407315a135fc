/** Errors of the IDE's endpoints in the user's language, from their code and params. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { CONFIGURATION_DOCUMENT_ERROR_CODES } from '../../../contract/configuration-document';

export function ideErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  if (code && (CONFIGURATION_DOCUMENT_ERROR_CODES as readonly string[]).includes(code)) {
    return i18next.t(`configurationIde:errors.${code}` as never, params as never) as unknown as string;
  }
  return errorMessage(error);
}
