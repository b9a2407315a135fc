/**
 * PGlite that keeps the statements it runs prepared, as a PostgreSQL driver with a statement cache
 * does. PGlite's own `query` sends each statement as six messages, each a call into the engine
 * (parse, describe, bind, describe, execute, sync), and the engine parses, analyses and plans the
 * text every time: for the short statements of a request or of an analysis that is most of their
 * cost (a run's end statement spent 0.6 of its 1.7 ms of CPU planning). Here a statement's first run
 * parses it under a name and reads its parameter and row types; every later run is one call (bind,
 * execute, sync), and after a few runs PostgreSQL keeps a generic plan and stops planning it. Its
 * answer is read by pglite-wire.ts, bytea columns in binary.
 *
 * Only plain data statements (SELECT, INSERT, UPDATE, DELETE, WITH) are kept; anything else
 * (transactions, savepoints, DDL, SET) goes through PGlite's own path. Answers and errors are the same
 * as PGlite's (`parseResults`, its serializers and parsers, the error's query and params).
 */
import { PGlite, parse, protocol, messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { bindMessage, readAnswer, resultFormats } from './pglite-wire';

const { serialize } = protocol;
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

/** The statements kept prepared at most; the least recently run one is closed to make room. */
export const PREPARED_STATEMENTS_KEPT = 256;

/**
 * Longer texts are one-off bulk statements (a seed's many rows): kept, they would hold their text here
 * and their plan in the engine's memory for nothing.
 */
export const PREPARED_TEXT_MAX = 16 * 1024;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** SQLSTATE 0A000 with this text: a table's columns changed under a prepared statement's answer. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The answer's columns as the engine described them (absent: the statement answers no rows). */
  columns: messages.RowDescriptionMessage | undefined;
}

/** Options PGlite's path handles that this one does not (a blob for COPY, declared parameter types). */
function takes(sql: string, options: QueryOptions | undefined): boolean {
  return sql.length <= PREPARED_TEXT_MAX && DATA_STATEMENT.test(sql) && options?.blob === undefined && options?.paramTypes === undefined;
}

export class PreparingPglite extends PGlite {
  private readonly prepared = new Map<string, Prepared>();
  private named = 0;

  override async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!takes(sql, options)) return super.query<T>(sql, params, options);
    await this._checkReady();
    // The same locks as PGlite's own query: not inside another caller's transaction, one at a time.
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.runPrepared<T>(sql, params ?? [], options, false)));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(this.preparingIn(tx)));
  }

  /** PGlite's transaction object, its `query` taking the prepared path (the rest, `closed` included, as is). */
  private preparingIn(tx: Transaction): Transaction {
    const query = async <R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
      if (!takes(sql, options)) return tx.query<R>(sql, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return this._runExclusiveQuery(() => this.runPrepared<R>(sql, params ?? [], options, true));
    };
    return Object.create(tx, { query: { value: query } }) as Transaction;
  }

  private async runPrepared<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean, retry = true): Promise<Results<T>> {
    let statement: Prepared | undefined;
    try {
      statement = await this.statement(sql);
      const values = params.map((param, index) => {
        if (param === null || param === undefined) return null;
        const type = statement!.paramTypes[index];
        const write = type === undefined ? undefined : (options?.serializers?.[type] ?? this.serializers[type]);
        return (write ? write(param) : String(param)) as string | Uint8Array;
      });
      const formats = resultFormats(statement.columns, options);
      const answer = await this.exchange(Buffer.concat([bindMessage(statement.name, values, formats), EXECUTE, SYNC]));
      if (!inTransaction) await this.syncToFs();
      return readAnswer<T>(answer, statement.columns, formats, this.parsers, options);
    } catch (error) {
      if (!(error instanceof messages.DatabaseError)) throw error;
      if (statement !== undefined && error.message.includes(RESULT_TYPE_CHANGED)) {
        await this.forget(sql);
        // Out of a transaction nothing was changed: run it again, prepared anew. In one, the
        // transaction is aborted and its caller sees the error, as it would from PostgreSQL.
        if (!inTransaction && retry) return this.runPrepared<T>(sql, params, options, false, false);
      }
      throw Object.assign(error, { query: sql, params, queryOptions: options });
    }
  }

  /**
   * The engine's answer to `message`, as bytes. Not `execProtocolRaw`: with no reader of its own it
   * also runs PGlite's message parser on every answer (each text field decoded into a string that
   * nobody reads) and keeps the parsed messages until PGlite's next own query, which may never come
   * in a process whose statements are all prepared: memory that only grew.
   */
  private async exchange(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    // The engine hands over views of its own memory, reused by the next write: copied at once.
    await this.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  /** The statement prepared for `sql`: kept from before, or parsed now under a new name. */
  private async statement(sql: string): Promise<Prepared> {
    const kept = this.prepared.get(sql);
    if (kept !== undefined) {
      // A Map iterates in insertion order: moved to the end, the first one is the least recently run.
      this.prepared.delete(sql);
      this.prepared.set(sql, kept);
      return kept;
    }
    const closing: Uint8Array[] = [];
    while (this.prepared.size >= PREPARED_STATEMENTS_KEPT) {
      const [oldest, { name }] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldest);
      closing.push(serialize.close({ type: 'S', name }));
    }
    const name = `postroom_${++this.named}`;
    const described = await this.execProtocolStream(
      Buffer.concat([...closing, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), SYNC]),
      { syncToFs: false },
    );
    const columns = described.find((message): message is messages.RowDescriptionMessage => message.name === 'rowDescription');
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described), columns };
    this.prepared.set(sql, statement);
    return statement;
  }

  private async forget(sql: string): Promise<void> {
    const statement = this.prepared.get(sql);
    if (statement === undefined) return;
    this.prepared.delete(sql);
    await this.execProtocolStream(Buffer.concat([serialize.close({ type: 'S', name: statement.name }), SYNC]), { syncToFs: false, throwOnError: false });
  }
}
