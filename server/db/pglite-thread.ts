/**
 * PGlite in a thread of its own. PGlite is PostgreSQL compiled to WASM: run in the thread that
 * answers HTTP, every query's work is done there, and storing or reading a sender's 3 MB mail (hex
 * encoding, the WASM executor, decoding the answer) froze every organisation's requests for half a
 * second. Here that thread only posts the query and receives the rows; the database thread does the
 * rest. It offers what Drizzle's PGlite driver calls (query, exec, transaction) and what the server
 * and its tests use (dumpDataDir, close), with the same answers as an in-thread PGlite.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { inSharedMemory } from '../bytes-in-slices';
import { plainBytes } from '../module-workers/held-json';
import { PARAM_SLICE_BYTES, PARAM_SLICE_CHARS, type DatabaseReady, type DatabaseRequest, type DatabaseResponse, type OpenRequest, type ThreadError } from './pglite-thread-protocol';
import { THREADS, threadExecArgv } from '../../src/parsing/thread-paths.mjs';


type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Request = DatabaseRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** An Error carrying the fields PGlite's own error had (code, detail, constraint…). */
function databaseError({ message, fields }: ThreadError): Error {
  return Object.assign(new Error(message), fields);
}

/** Bytes cross a thread as Uint8Array; the server's rows carry Buffers, as an in-thread PGlite gives. */
function withBuffers<T>(results: Results<T>): Results<T> {
  for (const row of results.rows as unknown[]) {
    if (row === null || typeof row !== 'object') continue;
    const record = row as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return results;
}

/** The type ids a caller's parsers keep as text (all Drizzle asks); any other parser is refused. */
function textTypes(options: QueryOptions | undefined): number[] {
  const parsers = options?.parsers ?? {};
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse('x', Number(type)) !== 'x') throw new Error(`A parser of type ${type} cannot run in the database thread; only "keep as text" can.`);
    return Number(type);
  });
}

export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (response: DatabaseResponse) => {
      const waiting = this.pending.get(response.id);
      if (waiting === undefined) return;
      this.pending.delete(response.id);
      if (response.ok) waiting.resolve(response.value);
      else waiting.reject(databaseError(response.error));
    });
    const stop = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', (error) => stop(new Error(`The database thread failed: ${error.message}`)));
    worker.on('exit', (code) => stop(new Error(`The database thread ended (exit code ${code}).`)));
  }

  /** Starts the thread and opens the database there: a data folder, a dump's bytes, or memory. */
  static async open(request: OpenRequest = {}): Promise<PgliteThread> {
    const worker = new Worker(THREADS.database.boot, { execArgv: threadExecArgv(), workerData: request, transferList: request.load ? [request.load] : [] });
    const listeners: { message?: (ready: DatabaseReady) => void; error?: (error: Error) => void; exit?: (code: number) => void } = {};
    const ready = await new Promise<DatabaseReady>((resolve, reject) => {
      listeners.message = resolve;
      listeners.error = reject;
      listeners.exit = (code) => reject(new Error(`The database thread ended while opening (exit code ${code}).`));
      worker.once('message', listeners.message).once('error', listeners.error).once('exit', listeners.exit);
    })
      .catch(async (error: unknown) => {
        await worker.terminate();
        throw error;
      })
      .finally(() => {
        worker.off('message', listeners.message!).off('error', listeners.error!).off('exit', listeners.exit!);
      });
    if (!ready.ready) {
      await worker.terminate();
      throw databaseError(ready.error);
    }
    return new PgliteThread(worker);
  }

  private send<T>(request: Request, id = this.nextId++): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id } as DatabaseRequest);
    });
  }

  private async runQuery<T>(tx: number | null, sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const rowMode = options?.rowMode;
    const types = textTypes(options);
    const id = this.nextId++;
    const sliced = await this.postSlices(id, params);
    const sent = params.map((param, index) => (sliced.includes(index) ? null : param instanceof Uint8Array ? plainBytes(param) : param));
    return withBuffers(await this.send<Results<T>>({ op: 'query', tx, sql, params: sent, sliced, rowMode, textTypes: types }, id));
  }

  /**
   * Posts each long string or bytes parameter in slices, yielding between them; the indexes posted so.
   * Bytes in shared memory go whole with the query: posting them shares them, whatever their size.
   */
  private async postSlices(id: number, params: unknown[]): Promise<number[]> {
    const sliced: number[] = [];
    for (const [param, value] of params.entries()) {
      const step = typeof value === 'string' ? PARAM_SLICE_CHARS : value instanceof Uint8Array && !inSharedMemory(value) ? PARAM_SLICE_BYTES : 0;
      const length = typeof value === 'string' ? value.length : value instanceof Uint8Array ? value.byteLength : 0;
      if (step === 0 || length <= step) continue;
      sliced.push(param);
      for (let start = 0; start < length; start += step) {
        if (this.failure) throw this.failure;
        if (typeof value === 'string') {
          this.worker.postMessage({ op: 'slice', id, param, part: value.slice(start, start + step) } satisfies DatabaseRequest);
        } else {
          // A copy of its own, then moved: posting a view would copy the view's whole buffer each time
          // (and Buffer#slice is a view: moving its buffer would take the caller's bytes away).
          const part = new Uint8Array((value as Uint8Array).subarray(start, start + step));
          this.worker.postMessage({ op: 'slice', id, param, part } satisfies DatabaseRequest, [part.buffer]);
        }
        await nextTurn();
      }
    }
    return sliced;
  }

  private async runExec(tx: number | null, sql: string): Promise<Results[]> {
    return (await this.send<Results[]>({ op: 'exec', tx, sql })).map((results) => withBuffers(results));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(null, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.runExec(null, sql);
  }

  /**
   * Runs `callback` in a transaction held by the database thread: committed when it resolves,
   * rolled back when it throws (its error is thrown again) or calls `rollback()`.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.send<number>({ op: 'begin' });
    let rolledBack = false;
    const handle: ThreadTransaction = {
      query: (sql, params, options) => this.runQuery(tx, sql, params, options),
      exec: (sql) => this.runExec(tx, sql),
      rollback: async () => {
        rolledBack = true;
        await this.send({ op: 'end', tx, commit: false });
      },
    };
    let value: T;
    try {
      value = await callback(handle);
    } catch (error) {
      if (!rolledBack) await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    if (!rolledBack) await this.send({ op: 'end', tx, commit: true });
    return value;
  }

  /** The data folder as a tarball (PGlite's dumpDataDir, uncompressed). */
  async dumpDataDir(_compression?: 'none'): Promise<Blob> {
    return new Blob([await this.send<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' }).catch(() => undefined);
    this.failure ??= new Error('The database is closed.');
    await this.worker.terminate();
  }
}
