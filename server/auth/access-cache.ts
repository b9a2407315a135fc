/**
 * A per-process cache of what every authenticated call would otherwise read from the database: the
 * caller's identity (user row), their access facts (memberships and project grants), the projects
 * and environments that scope checks look up, and the current-user view. On PGlite one query costs
 * about half a millisecond, so GET /v4/console/api/user went from ~5 queries to none (bench/api).
 *
 * Why a TTL plus local invalidation, and not a version check per call:
 * - Local invalidation: every call that may change something (any method but GET, HEAD, OPTIONS,
 *   whatever its route, so a new route cannot forget it) empties the cache before its answer leaves
 *   (onSend). The caller's next call therefore sees a role change, a removal from an organisation,
 *   a deleted user or a changed project; concurrent reads that started before the change do not put
 *   old rows back (each fill remembers the generation it started in). Code that writes these tables
 *   outside a request (background jobs, scripts) calls `invalidate()`.
 * - TTL: with several server processes on one PostgreSQL, another process's change is not seen by
 *   this process's hooks; entries expire after `ttlMs` (2 s by default), which bounds how long a
 *   process may serve a withdrawn right. An entry read in the second half of its life is loaded again
 *   in the background (served meanwhile, never past its TTL), so callers rarely wait for a database
 *   busy with another organisation's large write.
 * - One load per key at a time: when an entry is missing, the calls that arrive while it loads share
 *   that load (if the cache was not emptied since) instead of each queueing the same queries.
 * - Writes that change no access fact (queueing an analysis: a program's most frequent call) declare
 *   it in their contract (`keepsAccessFacts`) and leave the cache as it is.
 * - A version check (a trigger-maintained counter read on every call) would make other processes'
 *   changes visible at once, but costs a query per call: on PGlite that alone caps the route at about
 *   2,000 calls per second, the very cost this cache removes. Worth revisiting for PostgreSQL only.
 */
import type { FastifyInstance } from 'fastify';

export const DEFAULT_TTL_MS = 2000;
/** Entries per table: enough for every active user of a reference server, bounded against floods. */
const MAX_ENTRIES = 10_000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/** A load under way, and the cache generation it started in. */
interface Loading<V> {
  generation: number;
  value: Promise<V>;
}

/** One keyed table of the cache. `get` loads and remembers a missing or expired value. */
export interface CacheTable<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
}

export interface AccessCache {
  table<V>(name: string): CacheTable<V>;
  /** Forgets everything: the next read of every table goes to the database. */
  invalidate(): void;
}

export function createAccessCache(options: { ttlMs?: number; now?: () => number } = {}): AccessCache {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const tables = new Map<string, Map<string, Entry<unknown>>>();
  let generation = 0;

  const table = <V>(name: string): CacheTable<V> => {
    let entries = tables.get(name) as Map<string, Entry<V>> | undefined;
    if (entries === undefined) {
      entries = new Map();
      tables.set(name, entries as Map<string, Entry<unknown>>);
    }
    const map = entries;
    const loading = new Map<string, Loading<V>>();

    /** One load per key at a time: callers that come meanwhile share it (unless the cache was emptied since). */
    const loadOnce = (key: string, load: () => Promise<V>): Promise<V> => {
      const pending = loading.get(key);
      if (pending !== undefined && pending.generation === generation) return pending.value;
      const startedIn = generation;
      const value = load().then((loaded) => {
        // A change committed while this was loading may not be in `loaded`: do not keep it.
        if (startedIn === generation && ttlMs > 0) {
          map.delete(key);
          if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
          map.set(key, { value: loaded, expiresAt: now() + ttlMs });
        }
        return loaded;
      });
      loading.set(key, { generation: startedIn, value });
      const done = () => {
        if (loading.get(key)?.value === value) loading.delete(key);
      };
      value.then(done, done);
      return value;
    };

    return {
      async get(key, load) {
        const hit = map.get(key);
        const at = now();
        if (hit !== undefined && hit.expiresAt > at) {
          // In the second half of its life the value is read again in the background, so a caller
          // rarely waits for the database; past its TTL it is never served.
          if (hit.expiresAt - at < ttlMs / 2) loadOnce(key, load).catch(() => undefined);
          return hit.value;
        }
        return loadOnce(key, load);
      },
    };
  };

  return {
    table,
    invalidate() {
      generation += 1;
      for (const entries of tables.values()) entries.clear();
    },
  };
}

/**
 * Empties the cache when any call that may write has been handled, before its answer leaves; only
 * an endpoint whose contract says it changes no access fact keeps it.
 */
export function installAccessCacheInvalidation(app: FastifyInstance, cache: AccessCache): void {
  // Callback style: it runs on every answer, and an async hook costs a promise per call.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READS.has(request.method) && request.routeOptions.config.endpoint?.keepsAccessFacts !== true) cache.invalidate();
    done(null, payload);
  });
}
