/**
 * A run's or a message's stored error (code + parameters, TEST_RUN_MESSAGE_ERROR_CODES) in the user's
 * language. A pipeline failure's `detail` is itself a stored analysis message (keys and parameters),
 * rendered the same way. A code this console does not know (a row written by an older server) shows
 * as itself.
 */
import i18next from 'i18next';
import type { TestRunError } from '../../../contract/testing-runs';
import { pipelineMessageText } from '../../../i18n/pipeline-message-text';

const translate = (key: string, params: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

export function storedErrorText(error: TestRunError): string {
  const key = `testRuns:runErrors.${error.code}`;
  if (!i18next.exists(key)) return error.code;
  const detail = error.params.detail;
  const params = typeof detail === 'string' ? { ...error.params, detail: pipelineMessageText(translate, detail) } : error.params;
  return translate(key, params);
}
