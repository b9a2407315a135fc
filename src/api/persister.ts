/**
 * The TanStack Query cache persisted in IndexedDB, per signed-in user: each write is stamped with the
 * session's owner (src/storage/session-owner.ts) as its buster when it is made, a write whose owner
 * left before it reached IndexedDB is dropped, and only the current owner's copy is restored. So a
 * late write of the previous user (the coalescing delay runs past a sign-out) never comes back for
 * the next one, even after a reload. It holds query data and paused mutations that declared
 * `meta.persist`; never tokens, which live only in the client-stored keys. A query whose options say
 * `meta: { persist: false }` stays in memory only: its data is too big to copy on every cache change
 * (a 1,000-message test run is ~1 MB; each write serialises it to the localStorage journal and clones
 * it into IndexedDB, long main-thread tasks and garbage collection, bench:testing-center).
 */
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { readEntry, removeEntry, storageKeys, writeEntry } from '../storage';
import { sessionOwner } from '../storage/session-owner';

const MAX_AGE = 7 * 24 * 60 * 60 * 1000;
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

/** Restores the cache (before the first render), resumes paused mutations, then keeps saving. */
export async function startQueryPersistence(queryClient: QueryClient, persister: Persister & { flush?: () => void } = createIndexedDbPersister()) {
  await persistQueryClientRestore({ queryClient, persister, maxAge: MAX_AGE, buster: sessionOwner() });
  void queryClient.resumePausedMutations();
  // A reload right after a save must not restore the cache from before it: the write waiting in
  // the coalescing delay goes now (its localStorage journal line is written synchronously).
  const flush = () => persister.flush?.();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister,
    // Replaced by the owner at each write (createIndexedDbPersister).
    buster: sessionOwner(),
    dehydrateOptions: {
      // Only mutations registered with defineOfflineMutation can be replayed after a reload.
      shouldDehydrateMutation: (mutation) => mutation.state.isPaused && mutation.meta?.persist === true,
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
    },
  });
  return () => {
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush);
    unsubscribe();
  };
}
