/**
 * The answers any endpoint gives to bad input (INPUT_ERROR_CODES: invalid JSON, a body too large,
 * NUL characters...). Their texts live in `errors:input`, read through the one error-code table
 * (src/contract/error-codes.ts) like every other server answer.
 */
import { errorMessage } from '../api/errors';
import { INPUT_ERROR_CODES, type InputErrorCode } from '../contract/define';

export function isInputErrorCode(code: string | undefined): code is InputErrorCode {
  return code !== undefined && (INPUT_ERROR_CODES as readonly string[]).includes(code);
}

/** The translated text of a request's failure (input errors included). */
export const requestErrorText = (error: unknown): string => errorMessage(error);
