/** The codes the password endpoints answer with (server/routes/passwords.ts), read off an error. */
import { isApiError } from '../../api/errors';

export type PasswordErrorCode =
  | 'invalidLink'
  | 'invalidPassword'
  | 'passwordsDiffer'
  | 'wrongCurrentPassword'
  | 'forbidden'
  | undefined;

const KNOWN = new Set(['invalidLink', 'invalidPassword', 'passwordsDiffer', 'wrongCurrentPassword', 'forbidden']);

export function passwordErrorCode(error: unknown): PasswordErrorCode {
  if (!isApiError(error, 'http')) return undefined;
  const code = (error.jsonData as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && KNOWN.has(code) ? (code as PasswordErrorCode) : undefined;
}
