/**
 * The messages between the server and its database thread (pglite-thread.ts ↔ pglite-thread-worker.ts).
 * Queries cross as plain data; so do their rows. Parsers cannot cross a thread (they are functions):
 * the only per-query parsers supported are "keep this type as text", which is all Drizzle passes
 * (timestamps, dates, intervals and their arrays), named by their type ids in `textTypes`.
 */
export interface OpenRequest {
  /** A data folder; absent: in memory. */
  dataDir?: string;
  /** A data folder's tarball to start from (dumpDataDir), as bytes. */
  load?: ArrayBuffer;
}

export type DatabaseRequest =
  | { op: 'query'; id: number; tx: number | null; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; textTypes: number[] }
  | { op: 'exec'; id: number; tx: number | null; sql: string }
  /** Opens a transaction; answered once it holds the database. */
  | { op: 'begin'; id: number }
  /** Ends transaction `tx` (commit or roll back); answered when it is over. */
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

/** A database error's fields (code, detail, constraint…) so the caller sees what PGlite threw. */
export interface ThreadError {
  message: string;
  fields: Record<string, unknown>;
}

export type DatabaseResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };

/** What the thread says once: ready (with its Linux thread id, for CPU accounting) or failed to open. */
export type DatabaseReady = { ready: true; threadId: string | null } | { ready: false; error: ThreadError };
