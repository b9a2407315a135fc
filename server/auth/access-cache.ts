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
 *   in the background (served meanwhile), so callers rarely wait for a database busy with another
 *   organisation's large write. Past its TTL an entry is served only while that reload is still
 *   under way (the database is busy), and never more than `staleMs` (10 s by default) past its TTL:
 *   a slow database delays another process's change by that much at most, it does not stop every
 *   caller of this one.
 * - One load per key at a time: when an entry is missing, the calls that arrive while it loads share
 *   that load (if its table was not emptied since) instead of each queueing the same queries.
 * - Each table says which access facts (contract ACCESS_FACTS) it holds, and a write whose contract
 *   declares the facts it changes (`changesAccessFacts`) empties only the tables holding those:
 *   saving an environment's settings forgets environments, not the sessions every call checks;
 *   queueing an analysis (a program's most frequent call) declares none and keeps everything.
 * - A version check (a trigger-maintained counter read on every call) would make other processes'
 *   changes visible at once, but costs a query per call: on PGlite that alone caps the route at about
 *   2,000 calls per second, the very cost this cache removes. Worth revisiting for PostgreSQL only.
 */
import type { FastifyInstance } from 'fastify';
import type { AccessFact } from '../../src/contract/define';

export const DEFAULT_TTL_MS = 2000;
export const DEFAULT_STALE_MS = 10_000;
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
  /**
   * The value of `key` if it is held and within its TTL, without a promise (what `get` would answer at
   * once, a background reload in the second half of its life included); undefined otherwise, and the
   * caller goes through `get`.
   */
  peek(key: string, load: () => Promise<V>): { readonly value: V } | undefined;
}

export interface AccessCache {
  /** The table `name`, which holds rows read from the facts `holds` (a change to any empties it). */
  table<V>(name: string, holds: readonly AccessFact[]): CacheTable<V>;
  /** Forgets what was read from `facts` (every fact when absent): the next read goes to the database. */
  invalidate(facts?: readonly AccessFact[]): void;
}

interface TableState {
  holds: readonly AccessFact[];
  entries: Map<string, Entry<unknown>>;
  loading: Map<string, Loading<unknown>>;
  /** Bumped each time the table is emptied, so a load begun before does not put old rows back. */
  generation: number;
  /**
   * The table's handle, made once: callers ask for their table on every request, and building its
   * functions each time (and comparing what it holds) was a measurable share of a cached call.
   */
  handle: CacheTable<unknown>;
}

export function createAccessCache(options: { ttlMs?: number; staleMs?: number; now?: () => number } = {}): AccessCache {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const now = options.now ?? Date.now;
  const tables = new Map<string, TableState>();

  const table = <V>(name: string, holds: readonly AccessFact[]): CacheTable<V> => {
    const known = tables.get(name);
    if (known !== undefined) {
      // Two callers disagreeing on what a table holds would leave one of them served stale rows.
      if (known.holds !== holds && !sameFacts(known.holds, holds)) {
        throw new Error(`Access cache table ${name} is declared with other facts (${known.holds.join()} / ${holds.join()}).`);
      }
      return known.handle as CacheTable<V>;
    }
    const current: TableState = { holds, entries: new Map(), loading: new Map(), generation: 0, handle: undefined as unknown as CacheTable<unknown> };
    const map = current.entries as Map<string, Entry<V>>;
    const loading = current.loading as Map<string, Loading<V>>;

    /** One load per key at a time: callers that come meanwhile share it (unless the table was emptied since). */
    const loadOnce = (key: string, load: () => Promise<V>): Promise<V> => {
      const pending = loading.get(key);
      if (pending !== undefined && pending.generation === current.generation) return pending.value;
      const startedIn = current.generation;
      const value = load().then((loaded) => {
        // A change committed while this was loading may not be in `loaded`: do not keep it.
        if (startedIn === current.generation && ttlMs > 0) {
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

    /** The entry of `key` while within its TTL; in the second half of its life it is read again in the background. */
    const fresh = (key: string, load: () => Promise<V>, at: number): Entry<V> | undefined => {
      const hit = map.get(key);
      if (hit === undefined || hit.expiresAt <= at) return undefined;
      // A caller rarely waits for the database.
      if (hit.expiresAt - at < ttlMs / 2) loadOnce(key, load).catch(() => undefined);
      return hit;
    };

    const handle: CacheTable<V> = {
      peek: (key, load) => fresh(key, load, now()),
      async get(key, load) {
        const at = now();
        const live = fresh(key, load, at);
        if (live !== undefined) return live.value;
        const hit = map.get(key);
        if (hit !== undefined) {
          // Past its TTL: served only while the reload begun in its life is still under way, and
          // never more than staleMs past it. An entry nobody read in its second half is not.
          const pending = loading.get(key);
          if (pending !== undefined && pending.generation === current.generation && at < hit.expiresAt + staleMs) return hit.value;
        }
        return loadOnce(key, load);
      },
    };
    current.handle = handle as CacheTable<unknown>;
    tables.set(name, current);
    return handle;
  };

  return {
    table,
    invalidate(facts) {
      for (const state of tables.values()) {
        if (facts !== undefined && !state.holds.some((fact) => facts.includes(fact))) continue;
        state.generation += 1;
        state.entries.clear();
      }
    },
  };
}

function sameFacts(a: readonly AccessFact[], b: readonly AccessFact[]): boolean {
  return a.length === b.length && a.every((fact, index) => fact === b[index]);
}

/**
 * Empties the cache when any call that may write has been handled, before its answer leaves: the
 * tables holding the facts its contract says it changes, or every table when it says nothing.
 */
export function installAccessCacheInvalidation(app: FastifyInstance, cache: AccessCache): void {
  // Callback style: it runs on every answer, and an async hook costs a promise per call.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READS.has(request.method)) {
      const changes = request.routeOptions.config.endpoint?.changesAccessFacts;
      if (changes === undefined) cache.invalidate();
      else if (changes.length > 0) cache.invalidate(changes);
    }
    done(null, payload);
  });
}
