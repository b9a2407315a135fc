/**
 * The answers any endpoint gives to bad input (INPUT_ERROR_CODES: invalid JSON, a body too large,
 * NUL characters...), translated by code; other errors keep the server's own message.
 */
import { errorMessage, serverCode } from '../api/errors';
import { INPUT_ERROR_CODES, type InputErrorCode } from '../contract/define';
import { resolveMessage, tr } from './message';

export function isInputErrorCode(code: string | undefined): code is InputErrorCode {
  return code !== undefined && (INPUT_ERROR_CODES as readonly string[]).includes(code);
}

/** The translated text of an input error, else the error's message (spec §8 message source). */
export function requestErrorText(error: unknown): string {
  const code = serverCode(error);
  if (!isInputErrorCode(code)) return errorMessage(error);
  const body = (error as { jsonData?: Record<string, unknown> }).jsonData ?? {};
  return resolveMessage(tr(`errors:input.${code}`, body));
}
