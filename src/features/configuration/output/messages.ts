/** Translated texts of the output screen: the endpoints' error codes and the payload's empty-field reasons, from their codes. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { OUTPUT_ERROR_CODES, type OutputPreview, type OutputUnavailable } from '../../../contract/output';
import { pipelineSentencesText } from '../../../i18n/pipeline-message-text';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

export function outputErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  if (code && (OUTPUT_ERROR_CODES as readonly string[]).includes(code)) return t(`output:errors.${code}`, params);
  if (code && i18next.exists(`analyses:errors.${code}`)) return t(`analyses:errors.${code}`, params);
  return errorMessage(error);
}


/** "Categories: the categorization module "Catégories" is deactivated", in the user's language. */
export function unavailableText(reason: OutputUnavailable): { field: string; why: string } {
  const field = i18next.exists(`output:preview.fieldNames.${reason.field}`) ? t(`output:preview.fieldNames.${reason.field}`) : reason.field;
  const module = reason.params.module ? t(`environments:modules.types.${reason.params.module}`) : '';
  // A failed module's reason is read from its sentences, in the reader's language (never the stored French).
  const message = reason.params.messageParts ? pipelineSentencesText(t, reason.params.messageParts) : reason.params.message;
  const { messageParts: _parts, ...params } = reason.params;
  return { field, why: t(`output:unavailable.${reason.code}`, { ...params, module, message }) };
}

/**
 * The payload as the console shows it: its `unavailable` says why in English for programs (the copy
 * keeps it so); on screen each field's reason is the translated text of its code.
 */
export function shownPayload(preview: OutputPreview): Record<string, unknown> {
  if (!('unavailable' in preview.payload)) return preview.payload;
  return { ...preview.payload, unavailable: Object.fromEntries(preview.unavailable.map((reason) => [reason.field, unavailableText(reason).why])) };
}
