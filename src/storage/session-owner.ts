/**
 * Whose data the client-side caches hold: the signed-in user of the stored token (its `sub`), and the
 * user support acts as while ghosting. The persisted query cache and the recent pages are keyed by it,
 * so a write of the previous user that lands late is never read back for the next one.
 * The token is only decoded here, never trusted: the server checks it on every call.
 */
import { decodeJwt } from 'jose';
import { readEntry } from './store';
import { storageKeys } from './keys';

/** Used while nobody is signed in (the login pages may cache answers too). */
export const ANONYMOUS_OWNER = 'anonymous';

export function sessionOwner(): string {
  const token = readEntry<string>(storageKeys.token);
  if (!token) return ANONYMOUS_OWNER;
  let subject: string;
  try {
    subject = String(decodeJwt(token).sub ?? token);
  } catch {
    // Not a JWT (a test token): the token itself names the session.
    subject = token;
  }
  const ghosted = readEntry<{ id: string }>(storageKeys.ghostedUser)?.id;
  return ghosted ? `${subject}>${ghosted}` : subject;
}
