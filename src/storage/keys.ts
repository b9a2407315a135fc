/** Names of the client-stored keys (spec §3) and of the other entries kept in IndexedDB. */
export const storageKeys = {
  token: 'auth-token',
  refreshToken: 'auth-refresh-token',
  ghostedUser: 'ghosted-user',
  ghostedEnvironment: 'ghosted-environment',
  postLoginRedirect: 'post-login-redirect',
  featureFlags: 'feature-flags',
  /** Whose session the caches were filled for (src/storage/session-owner.ts). */
  sessionUserId: 'session-user-id',
  fontSize: 'preferredFontSize',
  darkMode: 'dark-mode',
  language: 'language',
  recentPages: 'recent-pages',
  queryCache: 'query-cache',
  /** Columns shown in the analyses lists (per browser, kept across sessions). */
  analysesColumns: 'analyses-columns',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Keys that belong to the signed-in user and are wiped at logout. */
export const sessionKeys: StorageKey[] = [
  storageKeys.token,
  storageKeys.refreshToken,
  storageKeys.ghostedUser,
  storageKeys.ghostedEnvironment,
  storageKeys.sessionUserId,
  storageKeys.queryCache,
  storageKeys.recentPages,
];
