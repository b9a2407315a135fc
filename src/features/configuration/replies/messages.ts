/** Translated texts of the reply generator: the endpoints' error codes and render errors, from `code` and params. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { REPLY_TEMPLATE_ERROR_CODES } from '../../../contract/reply-templates';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

/** Lists in params (a cycle, names) read as "a → b → a" / "a, b". */
function readable(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value.join(key === 'cycle' ? ' → ' : ', ') : value]));
}

export function replyErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  if (code && ((REPLY_TEMPLATE_ERROR_CODES as readonly string[]).includes(code) || code === 'notFound')) return t(`replies:errors.${code}`, readable(params));
  if (code && i18next.exists(`analyses:errors.${code}`)) return t(`analyses:errors.${code}`, params);
  return errorMessage(error);
}

/** A render error (test or Errors tab) in the user's language. */
export function renderErrorText(error: { code: string; template: string; line: number | null; message: string }): string {
  if (error.code === 'llmNotConfigured') return t('replies:errors.llmNotConfigured');
  return error.line === null ? t('replies:errors.renderNoLine', error) : t('replies:errors.render', error);
}
