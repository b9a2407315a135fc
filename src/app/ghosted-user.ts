/**
 * The ghosted-user key (spec §3): the user a provider support agent acts as, by id (what the switch
 * header carries: an id names one account, where a username might be another account's email) and
 * with the username the server answered for it (what the banner shows). A value of an older console
 * (a bare username) is not a user id: it counts as no ghosting, and the agent chooses again.
 */
import { readEntry, storageKeys } from '../storage';

export interface GhostedUser {
  id: string;
  username: string;
}

export function readGhostedUser(): GhostedUser | undefined {
  const stored = readEntry<unknown>(storageKeys.ghostedUser);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { id, username } = stored as Partial<GhostedUser>;
  // The stored object itself, not a copy: React's external-store snapshots must keep their identity.
  return typeof id === 'string' && id !== '' && typeof username === 'string' ? (stored as GhostedUser) : undefined;
}

/** What the request layer sends in the switch header. */
export function ghostedUserId(): string | undefined {
  return readGhostedUser()?.id;
}
