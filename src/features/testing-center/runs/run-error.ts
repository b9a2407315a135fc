/** A test-run API error in the user's language: the contract's code when the console knows it. */
import { errorMessage, isApiError, serverCode } from '../../../api/errors';
import { TESTING_RUN_ERROR_CODES } from '../../../contract/testing-runs';
import { resolveMessage, tr } from '../../../ui/message';

export function runErrorText(error: unknown): string {
  const code = serverCode(error);
  if (code !== undefined && (TESTING_RUN_ERROR_CODES as readonly string[]).includes(code)) {
    const body = isApiError(error) ? (error.jsonData as { detail?: string } | undefined) : undefined;
    return resolveMessage(tr(`testRuns:errors.${code}`, { detail: body?.detail ?? '' }));
  }
  return errorMessage(error);
}
