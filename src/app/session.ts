/**
 * The session of spec §4: the token is stored after login, logout clears every store of that user,
 * and the request layer's 401 / 403 / 410 answers are handled exactly as §8 says.
 */
import { request } from '../api/request';
import { configureRequestLayer } from '../api/request-layer';
import { errorMessage, type ApiError } from '../api/errors';
import { queryClient } from '../api/query-client';
import { queryCachePersister } from '../api/query-cache-persister';
import { readEntry, removeEntry, sessionKeys, storageKeys, writeEntry } from '../storage';
import { sessionOwner } from '../storage/session-owner';
import { readPreferences } from '../storage/preferences';
import { toast, toastDurations } from '../ui/toasts/toast-service';
import { createNoticeGate } from '../api/notice-gate';
import { tr } from '../ui/message';
import { currentPath, goTo } from './navigation';
import { paths } from './paths';
import { renewTokenIfDue } from './token-renewal';
import { ghostedUserId } from './ghosted-user';

export function hasToken(): boolean {
  return Boolean(readEntry<string>(storageKeys.token));
}

/**
 * A new sign-in: whatever the previous session left (its user, cached answers, paused mutations,
 * recent pages, ghosting) goes first, even if nobody signed out, so nothing of it shows for this user.
 */
export async function startSession(tokens: { token: string; refreshToken?: string }): Promise<void> {
  await logout();
  await writeEntry(storageKeys.token, tokens.token);
  if (tokens.refreshToken) await writeEntry(storageKeys.refreshToken, tokens.refreshToken);
}

/**
 * Drops every cached answer and paused mutation, in memory and in IndexedDB, and the copy waiting to
 * be written: they belonged to the identity now leaving.
 */
export async function clearQueryCache(): Promise<void> {
  queryCachePersister.discard();
  await queryClient.cancelQueries();
  queryClient.clear();
  queryCachePersister.discard();
  await removeEntry(storageKeys.queryCache);
}

/**
 * Whether the in-memory caches were filled for the session now held. When the token is another
 * user's (a sign-in in another tab, a sign-in without sign-out), they are dropped before the user is
 * loaded, so the previous user's name and pages never show with the new token.
 */
export async function forgetOtherSession(): Promise<void> {
  const owner = sessionOwner();
  if (readEntry<string>(storageKeys.sessionUserId) === owner) return;
  await clearQueryCache();
  await removeEntry(storageKeys.recentPages);
  await writeEntry(storageKeys.sessionUserId, owner);
}

/** Clears the token, the user, the query cache (memory and IndexedDB) and the ghosting keys. */
export async function logout(): Promise<void> {
  await clearQueryCache();
  await Promise.all(sessionKeys.map((key) => removeEntry(key)));
}

/** How long the user's logout waits for the server before giving up on telling it. */
const SERVER_LOGOUT_TIMEOUT_MS = 5000;

/**
 * The user's own logout: clears every local store first (so it works offline and at once), then asks
 * the server to end the session (POST /api/logout), so the tokens stop working even if a copy of
 * them survives somewhere. Best effort: offline, or if the server does not answer, the local logout
 * stands and the tokens lapse on their own. The call carries the token explicitly, after the stores
 * were cleared, so a 401 (session already ended) is not taken for a lost connection.
 */
export async function signOut(): Promise<void> {
  const token = readEntry<string>(storageKeys.token);
  await logout();
  if (!token || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  try {
    const { logout: logoutEndpoint } = await import('../contract/auth');
    await request(logoutEndpoint, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(SERVER_LOGOUT_TIMEOUT_MS),
    });
  } catch (error) {
    console.warn('The server could not be told about the logout', error);
  }
}

export function loginPathKeeping(target: string): string {
  return `${paths.login()}?redirect=${encodeURIComponent(target)}`;
}

export async function rememberTarget(target: string): Promise<void> {
  await writeEntry(storageKeys.postLoginRedirect, target);
}

/** The stored post-login target, consumed once. */
export async function takePostLoginTarget(): Promise<string | undefined> {
  const target = readEntry<string>(storageKeys.postLoginRedirect);
  if (target) await removeEntry(storageKeys.postLoginRedirect);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : undefined;
}

/** The 401 being handled: requests failing together give one notice and one trip to the login page. */
let unauthorizedHandling: Promise<void> | null = null;

function onUnauthorized(error: ApiError): Promise<void> {
  // Once the session is cleared, a late 401 of a request sent before has nothing left to say.
  if (unauthorizedHandling === null && !hasToken()) return Promise.resolve();
  unauthorizedHandling ??= handleUnauthorized(error).finally(() => {
    unauthorizedHandling = null;
  });
  return unauthorizedHandling;
}

async function handleUnauthorized(error: ApiError) {
  const target = currentPath();
  await logout();
  await rememberTarget(target);
  toast.error({ summary: tr('errors:connectionLost.summary'), detail: errorMessage(error) || tr('errors:connectionLost.detail') });
  await goTo(loginPathKeeping(target), { replace: true });
}

/** At most one "403 Forbidden" toast on screen: calls refused together say it once. */
const forbiddenNotice = createNoticeGate(toastDurations.error);

/** §8: titled '403 Forbidden', detail the server message or else the status text. */
function onForbidden(error: ApiError) {
  if (!forbiddenNotice()) return;
  toast.error({ summary: tr('errors:forbidden.summary'), detail: errorMessage(error) || tr('errors:forbidden.detail') });
}

async function onGone(_error: ApiError, refreshToken: string | undefined) {
  await logout();
  await goTo(paths.resetPassword(refreshToken ?? '', true), { replace: true });
}

let configured = false;

export function configureSessionRequests(): void {
  configured = true;
  configureRequestLayer({
    getCredentials: () => ({
      token: readEntry<string>(storageKeys.token),
      switchUser: ghostedUserId(),
    }),
    getLanguage: () => readPreferences().language,
    beforeAuthenticatedCall: renewTokenIfDue,
    handlers: { onUnauthorized, onForbidden, onGone },
  });
}

/**
 * The sign-in page of a cold visit calls the server before the app has started (sign-in-start.tsx):
 * its calls need the session's reactions too (an expired password's 410 leads to the reset page).
 */
export function ensureSessionRequests(): void {
  if (!configured) configureSessionRequests();
}
