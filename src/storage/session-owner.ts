/**
 * Whose data the client-side caches hold: the signed-in user of the stored token (its `sub`), and the
 * user support acts as while ghosting. The persisted query cache and the recent pages are keyed by it,
 * so a write of the previous user that lands late is never read back for the next one.
 * The token is only decoded here, never trusted: the server checks it on every call.
 */
import { readEntry } from './store';
import { storageKeys } from './keys';

/** Used while nobody is signed in (the login pages' answers are kept in memory only: query-cache-persister.ts). */
export const ANONYMOUS_OWNER = 'anonymous';

export function sessionOwner(): string {
  const token = readEntry<string>(storageKeys.token);
  if (!token) return ANONYMOUS_OWNER;
  const subject = subjectOf(token) ?? token;
  const ghosted = readEntry<{ id: string }>(storageKeys.ghostedUser)?.id;
  return ghosted ? `${subject}>${ghosted}` : subject;
}

/** The `sub` claim of a JWT's payload (base64url JSON); undefined for anything else (a test token). */
function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}
