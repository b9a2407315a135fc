/** The bank endpoints' error codes in the user's language, else the server's message (§8). */
import type { TFunction } from 'i18next';
import { errorMessage, serverCode } from '../../api/errors';
import { TESTING_CENTER_BANK_ERROR_CODES } from '../../contract/testing-center';

export function bankErrorText(t: TFunction<'testingCenter'>, error: unknown): string {
  const code = serverCode(error);
  if (code !== undefined && (TESTING_CENTER_BANK_ERROR_CODES as readonly string[]).includes(code)) {
    const params = (error as { jsonData?: Record<string, unknown> }).jsonData ?? {};
    return t(`errors.${code as (typeof TESTING_CENTER_BANK_ERROR_CODES)[number]}`, params);
  }
  return errorMessage(error);
}
