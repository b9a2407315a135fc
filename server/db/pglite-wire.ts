/**
 * The two ends of a prepared statement's run in PGlite's wire protocol, written and read here rather
 * than by PGlite's protocol code so that bytea columns come back in the protocol's binary format.
 * As text, the engine writes each byte as two hex digits, PGlite's reader copies the answer and
 * decodes every field from UTF-8 into a string, and the bytea parser turns the hex back into bytes:
 * reading a stored mail cost four passes over twice its size. In binary, a bytea field is one copy.
 * Every other column stays text, parsed by PGlite's parsers as its own reader does.
 */
import { protocol, types, type messages, type QueryOptions, type Results } from '@electric-sql/pglite';

/** PGlite's parsers by type id (its own, and a query's). */
type Parsers = NonNullable<Parameters<typeof types.parseType>[2]>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const TEXT = 0;
const BINARY = 1;

/**
 * A Bind message for the unnamed portal of `statement`: bytes parameters in binary, the others as
 * text (what PGlite's own Bind does), and result columns in `resultFormats` (empty: all text).
 */
export function bindMessage(statement: string, values: readonly (string | Uint8Array | null)[], resultFormats: readonly number[]): Uint8Array {
  const name = encoder.encode(statement);
  const encoded = values.map((value) => (value === null ? null : typeof value === 'string' ? encoder.encode(value) : value));
  const valueBytes = encoded.reduce((sum, value) => sum + 4 + (value?.byteLength ?? 0), 0);
  const length = 4 + 1 + name.byteLength + 1 + 2 + 2 * values.length + 2 + valueBytes + 2 + 2 * resultFormats.length;
  const message = new Uint8Array(1 + length);
  const view = new DataView(message.buffer);
  message[0] = 0x42; // 'B'
  view.setInt32(1, length);
  let at = 5 + 1; // the unnamed portal: an empty C string
  message.set(name, at);
  at += name.byteLength + 1;
  view.setInt16(at, values.length);
  at += 2;
  for (const value of values) {
    view.setInt16(at, value instanceof Uint8Array ? BINARY : TEXT);
    at += 2;
  }
  view.setInt16(at, values.length);
  at += 2;
  for (const value of encoded) {
    view.setInt32(at, value === null ? -1 : value.byteLength);
    at += 4;
    if (value === null) continue;
    message.set(value, at);
    at += value.byteLength;
  }
  view.setInt16(at, resultFormats.length);
  at += 2;
  for (const format of resultFormats) {
    view.setInt16(at, format);
    at += 2;
  }
  return message;
}

/** The result format of each column: binary for bytea (unless the caller parses bytea itself), else text. */
export function resultFormats(columns: messages.RowDescriptionMessage | undefined, options: QueryOptions | undefined): number[] {
  if (columns === undefined || options?.parsers?.[types.BYTEA] !== undefined) return [];
  const formats = columns.fields.map((field) => (field.dataTypeID === types.BYTEA ? BINARY : TEXT));
  return formats.includes(BINARY) ? formats : [];
}

/**
 * The engine's answer to Bind, Execute, Sync read as PGlite's `parseResults` reads it (rows as
 * objects or arrays, fields, command, affected and counted rows), binary fields as Buffers.
 * Throws the first database error of the answer, as PGlite's reader does.
 */
export function readAnswer<T>(
  answer: Uint8Array,
  columns: messages.RowDescriptionMessage | undefined,
  formats: readonly number[],
  defaultParsers: Parsers,
  options: QueryOptions | undefined,
): Results<T> {
  const parsers = options?.parsers ? { ...defaultParsers, ...options.parsers } : defaultParsers;
  const fields = (columns?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
  const asArrays = options?.rowMode === 'array';
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: unknown[] = [];
  let tag: string | undefined;
  let error: unknown;
  for (let at = 0; at + 5 <= answer.byteLength; ) {
    const type = answer[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    if (type === 0x44 /* DataRow */) rows.push(readRow(answer, view, at + 5, fields, formats, parsers, asArrays));
    else if (type === 0x43 /* CommandComplete */) tag = decoder.decode(answer.subarray(at + 5, end - 1));
    else if (type === 0x45 /* ErrorResponse */ && error === undefined) new protocol.Parser().parse(answer.slice(at, end), (message) => (error = message));
    at = end;
  }
  if (error !== undefined) throw error;
  const words = tag?.split(' ') ?? [];
  const command = words[0];
  const count = Number.parseInt(words[words.length - 1] ?? '', 10);
  const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command ?? '') ? count : 0;
  const results: Results<T> = { rows: rows as T[], fields, affectedRows };
  if (command !== undefined) Object.assign(results, { command });
  if (!Number.isNaN(count)) Object.assign(results, { rowCount: count });
  return results;
}

function readRow(
  answer: Uint8Array,
  view: DataView,
  start: number,
  fields: readonly { name: string; dataTypeID: number }[],
  formats: readonly number[],
  parsers: Parsers,
  asArrays: boolean,
): unknown {
  const count = view.getInt16(start);
  const values: unknown[] = new Array(count);
  let at = start + 2;
  for (let index = 0; index < count; index++) {
    const length = view.getInt32(at);
    at += 4;
    if (length === -1) {
      values[index] = null;
      continue;
    }
    const bytes = answer.subarray(at, at + length);
    at += length;
    if (formats[index] === BINARY) {
      // A copy of its own: a view would keep the whole answer alive, and posting it to another
      // thread would copy the whole answer.
      const own = bytes.slice();
      values[index] = Buffer.from(own.buffer, own.byteOffset, own.byteLength);
      continue;
    }
    values[index] = types.parseType(decoder.decode(bytes), fields[index]!.dataTypeID, parsers);
  }
  if (asArrays) return values;
  const row: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) row[fields[index]!.name] = values[index];
  return row;
}
