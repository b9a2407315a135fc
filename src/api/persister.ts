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

export function createIndexedDbPersister(): Persister & { flush(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void writeEntry(storageKeys.queryCache, latest);
  };
  return {
    persistClient(client) {
      // Writes are coalesced: a burst of cache updates becomes one IndexedDB write.
      latest = client;
      if (timer) return;
      timer = setTimeout(flush, WRITE_DELAY_MS);
    },
    restoreClient: () => readEntry<PersistedClient>(storageKeys.queryCache),
    removeClient: () => removeEntry(storageKeys.queryCache),
    flush,
  };
}

function cacheOwner(): string {
  return readEntry<string>(storageKeys.sessionUserId) ?? 'anonymous';
}

/** Restores the cache (before the first render), resumes paused mutations, then keeps saving. */
export async function startQueryPersistence(queryClient: QueryClient, persister: Persister & { flush?: () => void } = createIndexedDbPersister()) {
  await persistQueryClientRestore({ queryClient, persister, maxAge: MAX_AGE, buster: cacheOwner() });
  void queryClient.resumePausedMutations();
  // A reload right after a save must not restore the cache from before it: the write waiting in
  // the coalescing delay goes now (its localStorage journal line is written synchronously).
  const flush = () => persister.flush?.();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: cacheOwner(),
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
