/** The codes the password endpoints answer with (server/routes/passwords.ts), read off an error. */
import { serverCode } from '../../api/errors';

export type PasswordErrorCode =
  | 'invalidLink'
  | 'invalidPassword'
  | 'passwordsDiffer'
  | 'wrongCurrentPassword'
  | 'forbidden'
  | undefined;

const KNOWN = new Set(['invalidLink', 'invalidPassword', 'passwordsDiffer', 'wrongCurrentPassword', 'forbidden']);

export function passwordErrorCode(error: unknown): PasswordErrorCode {
  const code = serverCode(error);
  return code !== undefined && KNOWN.has(code) ? (code as PasswordErrorCode) : undefined;
}
