/**
 * The database thread: one PGlite, answering pglite-thread.ts's requests in order of arrival.
 * PGlite itself queues what arrives during a transaction, as it does in one thread. A transaction
 * stays open here until the server says how it ends, so its queries run on `tx` in between.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options';
import { PreparingPglite } from './pglite-prepared';
import { inSharedMemory } from '../bytes-in-slices';
import { ownBuffer } from '../../src/parsing/own-buffer';
import { PARAM_SLICE_BYTES, type DatabaseReady, type DatabaseRequest, type DatabaseResponse, type OpenRequest, type ThreadError } from './pglite-thread-protocol';

const port = parentPort!;
const keepAsText = (value: string) => value;

function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { message: error.message, fields };
}

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction callback: resolve commits, reject rolls back. */
  settle(commit: boolean): void;
  /** The transaction's outcome, once it ended. */
  done: Promise<unknown>;
}

const ROLLBACK = Symbol('rollback');
const transactions = new Map<number, OpenTransaction>();

async function open(request: OpenRequest): Promise<PGlite> {
  const options = { ...PGLITE_OPTIONS };
  if (request.dataDir !== undefined) options.dataDir = request.dataDir;
  if (request.load !== undefined) options.loadDataDir = new Blob([request.load]);
  const db = new PreparingPglite(options);
  await db.waitReady;
  return db;
}

function begin(db: PGlite, id: number): Promise<void> {
  return new Promise((started, failed) => {
    let settle: (commit: boolean) => void = () => undefined;
    const decided = new Promise<void>((commit, rollback) => {
      settle = (shouldCommit) => (shouldCommit ? commit() : rollback(ROLLBACK));
    });
    const done = db.transaction(async (tx) => {
      transactions.set(id, { tx, settle, done });
      started();
      await decided;
    });
    done.catch((error: unknown) => failed(error));
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (open === undefined) throw new Error(`No open transaction ${txId}.`);
  transactions.delete(txId);
  open.settle(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

function target(db: PGlite, tx: number | null): PGlite | Transaction {
  if (tx === null) return db;
  const open = transactions.get(tx);
  if (open === undefined) throw new Error(`No open transaction ${tx}.`);
  return open.tx;
}

async function answer(db: PGlite, request: DatabaseRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepAsText]));
      const params = request.params.slice();
      for (const param of request.sliced) params[param] = takeSlices(request.id, param);
      return target(db, request.tx).query(request.sql, params, { rowMode: request.rowMode, parsers });
    }
    case 'exec':
      return target(db, request.tx).exec(request.sql);
    case 'begin':
      await begin(db, request.id);
      return request.id;
    case 'end':
      return end(request.tx, request.commit);
    case 'dump':
      return (await db.dumpDataDir('none')).arrayBuffer();
    case 'close':
      await db.close();
      return null;
  }
}

/** Bytes of a row past this size are answered in shared memory (bytes-in-slices.ts), smaller ones moved. */
const SHARED_CELL_BYTES = PARAM_SLICE_BYTES;

/**
 * The bytes in a query's rows (bytea values: files, JSON read as bytes) made ready to cross to the
 * server's thread without it copying them (copying megabytes there held it for milliseconds): a large
 * value is copied here into shared memory, which the server's thread then hands on to the parse
 * thread or back to the database without a copy either; the buffers of the others, each spanned by
 * its value alone, are listed to be moved.
 */
function prepareBytes(value: unknown): ArrayBuffer[] {
  const rows = typeof value === 'object' && value !== null ? (value as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) return [];
  const buffers: ArrayBuffer[] = [];
  for (const row of rows as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const cells = row as Record<string, unknown>;
    for (const [key, cell] of Object.entries(cells)) {
      if (!(cell instanceof Uint8Array)) continue;
      if (cell.byteLength >= SHARED_CELL_BYTES && !inSharedMemory(cell)) {
        const shared = new Uint8Array(new SharedArrayBuffer(cell.byteLength));
        shared.set(cell);
        cells[key] = shared;
        continue;
      }
      const own = ownBuffer(cell);
      if (own !== null) buffers.push(own);
    }
  }
  return [...new Set(buffers)];
}

/** Slices of long string or bytes parameters, by query id and parameter index, until their query comes. */
const slices = new Map<string, (string | Uint8Array)[]>();

function keepSlice(id: number, param: number, part: string | Uint8Array): void {
  const key = `${id}:${param}`;
  const kept = slices.get(key);
  if (kept === undefined) slices.set(key, [part]);
  else kept.push(part);
}

function takeSlices(id: number, param: number): string | Uint8Array {
  const key = `${id}:${param}`;
  const kept = slices.get(key);
  if (kept === undefined) throw new Error(`Parameter ${param} of query ${id} never came.`);
  slices.delete(key);
  if (typeof kept[0] === 'string') return kept.join('');
  return Buffer.concat(kept as Uint8Array[]);
}

try {
  const db = await open(workerData as OpenRequest);
  port.on('message', (request: DatabaseRequest) => {
    if (request.op === 'slice') {
      keepSlice(request.id, request.param, request.part);
      return;
    }
    answer(db, request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies DatabaseResponse, prepareBytes(value)),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: threadError(error) } satisfies DatabaseResponse),
    );
  });
  port.postMessage({ ready: true } satisfies DatabaseReady);
} catch (error) {
  port.postMessage({ ready: false, error: threadError(error) } satisfies DatabaseReady);
}
