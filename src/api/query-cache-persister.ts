/**
 * The IndexedDB persister of the query cache, alone in its module: the session drops its pending write
 * at sign-out without pulling the persistence library into the session's code (src/api/persister.ts
 * explains what is persisted and why each write carries its owner).
 */
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { readEntry, removeEntry, storageKeys, writeEntry } from '../storage';
import { ANONYMOUS_OWNER, sessionOwner } from '../storage/session-owner';

const WRITE_DELAY_MS = 300;

export interface QueryCachePersister extends Persister {
  /** Writes the pending copy now (the page is going). */
  flush(): void;
  /** Forgets the pending copy: its owner is leaving (sign-out, another user, ghosting). */
  discard(): void;
}

export function createIndexedDbPersister(): QueryCachePersister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  const discard = () => {
    clearTimeout(timer);
    timer = undefined;
    latest = undefined;
  };
  const flush = () => {
    if (timer === undefined) return;
    const client = latest;
    discard();
    // Made for someone who has left since: never stored, so it cannot be restored for the next user.
    if (client === undefined || client.buster !== sessionOwner()) return;
    // Nobody signed in: the login pages' answers (the social sign-in providers) are asked again at
    // each visit, so the login page never loads Dexie (~30 KB of gzip JavaScript) to store them.
    if (client.buster === ANONYMOUS_OWNER) return;
    void writeEntry(storageKeys.queryCache, client);
  };
  return {
    persistClient(client) {
      // Stamped with whose data it is now, not when persistence started.
      latest = { ...client, buster: sessionOwner() };
      // Writes are coalesced: a burst of cache updates becomes one IndexedDB write.
      if (timer) return;
      timer = setTimeout(flush, WRITE_DELAY_MS);
    },
    restoreClient: () => {
      const stored = readEntry<PersistedClient>(storageKeys.queryCache);
      return stored?.buster === sessionOwner() ? stored : undefined;
    },
    removeClient: () => removeEntry(storageKeys.queryCache),
    flush,
    discard,
  };
}

/** The persister the console runs with, so the session can drop its pending write at sign-out. */
export const queryCachePersister: QueryCachePersister = createIndexedDbPersister();
