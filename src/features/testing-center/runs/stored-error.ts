/**
 * A run's or a message's stored error (code + parameters, TEST_RUN_MESSAGE_ERROR_CODES) in the user's
 * language. A code this console does not know (a row written by an older server) shows as itself.
 */
import i18next from 'i18next';
import type { TestRunError } from '../../../contract/testing-runs';

export function storedErrorText(error: TestRunError): string {
  const key = `testRuns:runErrors.${error.code}`;
  return i18next.exists(key) ? (i18next.t(key as never, error.params as never) as unknown as string) : error.code;
}
