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
import { persistQueryClientRestore, persistQueryClientSubscribe, type Persister } from '@tanstack/query-persist-client-core';
import { sessionOwner } from '../storage/session-owner';
import { createIndexedDbPersister } from './query-cache-persister';

export { createIndexedDbPersister, queryCachePersister, type QueryCachePersister } from './query-cache-persister';

const MAX_AGE = 7 * 24 * 60 * 60 * 1000;

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
