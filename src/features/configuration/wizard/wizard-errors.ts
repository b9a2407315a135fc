/** Translated texts of the wizard's refusals: its own codes, else what a categorization save or the NLU answers. */
import i18next from 'i18next';
import { ApiError, serverCode } from '../../../api/errors';
import { WIZARD_ERROR_CODES } from '../../../contract/creation-wizard';
import { categorizationErrorText } from '../categorization/messages';

export function wizardErrorText(error: unknown): string {
  const code = serverCode(error);
  if (code && (WIZARD_ERROR_CODES as readonly string[]).includes(code)) {
    const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, string> } | undefined)?.params ?? {}) : {};
    const kind = params.kind ? i18next.t(`wizard:kinds.${params.kind}` as never) : '';
    return i18next.t(`wizard:errors.${code}` as never, { ...params, kind } as never) as unknown as string;
  }
  return categorizationErrorText(error);
}
