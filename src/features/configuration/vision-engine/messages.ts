/**
 * Errors of the vision engine endpoints in the user's language, from their `code` (the module codes
 * are categorization's: moduleNotFound, wrongModuleType); the server's English message only when no
 * translation exists.
 */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

export function visionErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  for (const namespace of ['vision:codes', 'categorization:errors', 'errors:codes']) {
    if (code && i18next.exists(`${namespace}.${code}`)) return t(`${namespace}.${code}`, params);
  }
  return errorMessage(error);
}
