/**
 * The session of spec §4: the token is stored after login, logout clears every store of that user,
 * and the request layer's 401 / 403 / 410 answers are handled exactly as §8 says.
 */
import { configureRequestLayer } from '../api/request';
import { errorMessage, type ApiError } from '../api/errors';
import { queryClient } from '../api/query-client';
import { readEntry, removeEntry, sessionKeys, storageKeys, writeEntry } from '../storage';
import { toast } from '../ui/toasts/toast-service';
import { tr } from '../ui/message';
import { currentPath, getRouter } from './navigation';
import { paths } from './paths';
import { renewTokenIfDue } from './token-renewal';

export function hasToken(): boolean {
  return Boolean(readEntry<string>(storageKeys.token));
}

export async function startSession(tokens: { token: string; refreshToken?: string }): Promise<void> {
  await writeEntry(storageKeys.token, tokens.token);
  if (tokens.refreshToken) await writeEntry(storageKeys.refreshToken, tokens.refreshToken);
}

/** Drops every cached answer, in memory and in IndexedDB: they belonged to the identity now leaving. */
export async function clearQueryCache(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await removeEntry(storageKeys.queryCache);
}

/** Clears the token, the user, the query cache (memory and IndexedDB) and the ghosting keys. */
export async function logout(): Promise<void> {
  await clearQueryCache();
  await Promise.all(sessionKeys.map((key) => removeEntry(key)));
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

async function onUnauthorized(error: ApiError) {
  const target = currentPath();
  await logout();
  await rememberTarget(target);
  toast.error({ summary: tr('errors:connectionLost.summary'), detail: tr('errors:connectionLost.detail', { message: errorMessage(error) }) });
  await getRouter()?.navigate(loginPathKeeping(target), { replace: true });
}

/** §8: titled '403 Forbidden', detail the server message or else the status text. */
function onForbidden(error: ApiError) {
  toast.error({ summary: tr('errors:forbidden.summary'), detail: errorMessage(error) || tr('errors:forbidden.detail') });
}

async function onGone(_error: ApiError, refreshToken: string | undefined) {
  await logout();
  await getRouter()?.navigate(paths.resetPassword(refreshToken ?? '', true), { replace: true });
}

export function configureSessionRequests(): void {
  configureRequestLayer({
    getCredentials: () => ({
      token: readEntry<string>(storageKeys.token),
      switchUser: readEntry<string>(storageKeys.ghostedUser),
    }),
    beforeAuthenticatedCall: renewTokenIfDue,
    handlers: { onUnauthorized, onForbidden, onGone },
  });
}
