/** Translated texts of the reply generator: the endpoints' error codes and render errors, from `code` and params. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { reason, sandboxFailureReason } from '../../../contract/failure-reasons';
import type { LocalizedText } from '../../../contract/pipeline-messages';
import { REPLY_TEMPLATE_ERROR_CODES } from '../../../contract/reply-templates';
import { pipelineSentencesText } from '../../../i18n/pipeline-message-text';

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

/**
 * A render error (test or Errors tab) in the user's language. Its reason is translated (a language
 * model's failure, a sandbox limit: src/contract/failure-reasons.ts); a Liquid error in the author's
 * own template is kept, marked as the template engine's message. A row stored before reasons were
 * kept has none: a sandbox's is read from its code, a language model's message is shown as a detail.
 */
export function renderErrorText(error: { code: string; template: string; line: number | null; message: string; reason?: LocalizedText | null }): string {
  if (error.code === 'llmNotConfigured') return t('replies:errors.llmNotConfigured');
  const why = error.reason ?? (error.code.startsWith('llm') ? reason('reason.unexpected', error.message) : sandboxFailureReason(error, 'templateEngine'));
  const params = { ...error, message: pipelineSentencesText(t, [why]) };
  return error.line === null ? t('replies:errors.renderNoLine', params) : t('replies:errors.render', params);
}
