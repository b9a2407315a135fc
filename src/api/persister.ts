/**
 * The TanStack Query cache persisted in IndexedDB, per signed-in user (the user id is the buster, so
 * another user's cache is never restored). It holds query data and paused mutations that declared
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

const MAX_AGE = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 300;

export function createIndexedDbPersister(): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  return {
    persistClient(client) {
      // Writes are coalesced: a burst of cache updates becomes one IndexedDB write.
      latest = client;
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void writeEntry(storageKeys.queryCache, latest);
      }, WRITE_DELAY_MS);
    },
    restoreClient: () => readEntry<PersistedClient>(storageKeys.queryCache),
    removeClient: () => removeEntry(storageKeys.queryCache),
  };
}

function cacheOwner(): string {
  return readEntry<string>(storageKeys.sessionUserId) ?? 'anonymous';
}

/** Restores the cache (before the first render), resumes paused mutations, then keeps saving. */
export async function startQueryPersistence(queryClient: QueryClient, persister = createIndexedDbPersister()) {
  await persistQueryClientRestore({ queryClient, persister, maxAge: MAX_AGE, buster: cacheOwner() });
  void queryClient.resumePausedMutations();
  return persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: cacheOwner(),
    dehydrateOptions: {
      // Only mutations registered with defineOfflineMutation can be replayed after a reload.
      shouldDehydrateMutation: (mutation) => mutation.state.isPaused && mutation.meta?.persist === true,
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
    },
  });
}
