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

/**
 * A string parameter longer than this crosses in slices, posted one at a time with a turn of the
 * event loop between them: copying a 15 MB analysis result into one message held the server's
 * thread for a quarter of a second under load.
 */
export const PARAM_SLICE_CHARS = 256 * 1024;
/** The same for bytes (a sender's file, up to 25 MB): a 24 MB file in one message held it 50 ms. */
export const PARAM_SLICE_BYTES = 1024 * 1024;

export type DatabaseRequest =
  /** `sliced`: the indexes of `params` sent before as `slice` messages of this id (null here). */
  | { op: 'query'; id: number; tx: number | null; sql: string; params: unknown[]; sliced: number[]; rowMode: 'array' | 'object' | undefined; textTypes: number[] }
  /** One slice of parameter `param` (text or bytes) of the coming query `id`, in order; not answered. */
  | { op: 'slice'; id: number; param: number; part: string | Uint8Array }
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

/** What the thread says once: ready or failed to open. */
export type DatabaseReady = { ready: true } | { ready: false; error: ThreadError };
