/** Errors of the IDE's endpoints in the user's language, from their code and params. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { CONFIGURATION_DOCUMENT_ERROR_CODES } from '../../../contract/configuration-document';
import { yamlErrorReason } from '../../../i18n/yaml-error-text';

export function ideErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  if (code && (CONFIGURATION_DOCUMENT_ERROR_CODES as readonly string[]).includes(code)) {
    const t = (key: string, values?: Record<string, unknown>) => i18next.t(key as never, values as never) as unknown as string;
    // A YAML parse error: its code in the reader's language, not the parser's English message.
    return t(`configurationIde:errors.${code}`, code === 'configurationSyntax' ? { ...params, message: yamlErrorReason(t, params) } : params);
  }
  return errorMessage(error);
}
