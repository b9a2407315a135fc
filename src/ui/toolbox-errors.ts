/** Translated texts of the toolbox errors (codes declared in src/contract/toolbox.ts, namespace `toolbox`). */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../api/errors';
import { TOOLBOX_ERROR_CODES } from '../contract/toolbox';

export function toolboxErrorText(error: unknown): string {
  const code = serverCode(error);
  if (code && (TOOLBOX_ERROR_CODES as readonly string[]).includes(code) && error instanceof ApiError) {
    const params = (error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {};
    return i18next.t(`toolbox:errors.${code}` as never, params as never) as unknown as string;
  }
  return errorMessage(error);
}
