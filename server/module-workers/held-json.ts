/**
 * A value the HTTP thread carries but never reads: its JSON as UTF-8 bytes, made in a module worker
 * and parsed only in one (ARCHITECTURE "Threads").
 *
 * A module's result can be megabytes of small objects (the NLU result of a long mail, the output
 * payload holding it). Handed between threads as objects, every copy was a structured clone the
 * HTTP thread made or read, and storing it a JSON.stringify there: hundreds of milliseconds each, for
 * every organisation's requests. As bytes, a copy is one memcpy, and the database takes them as they
 * are (`jsonParts` gives them beside the JSON around them).
 */
import { randomUUID } from 'node:crypto';
import { ownBuffer } from '../../src/parsing/own-buffer';

export interface HeldJson<T> {
  readonly heldJson: Uint8Array;
  /** Only for the type checker: what the bytes decode to. */
  readonly held?: T;
}

/** A held value or the value itself (tests and the screens' test endpoints hand plain values). */
export type MaybeHeld<T> = T | HeldJson<T>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function isHeldJson(value: unknown): value is HeldJson<unknown> {
  return typeof value === 'object' && value !== null && (value as { heldJson?: unknown }).heldJson instanceof Uint8Array;
}

/**
 * In a module worker: the value's JSON bytes, in shared memory. The run hands them to the database
 * and to the workers of the later modules; shared, none of these hand-overs copies them (a copy of
 * a few megabytes took the HTTP thread up to 15 ms). Nobody writes to them once made.
 */
export function holdJson<T>(value: T): HeldJson<T> {
  const bytes = encoder.encode(JSON.stringify(value));
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return { heldJson: shared };
}

/** In a module worker (or a test): the value back. A plain value is answered as it is. */
export function readHeld<T>(value: MaybeHeld<T>): T {
  return isHeldJson(value) ? (JSON.parse(decoder.decode(value.heldJson)) as T) : value;
}

/** The buffers of `list` that can be handed to another thread (ownBuffer), each once: a task's `transfer`. */
export function ownBuffers(list: readonly (Uint8Array | null)[]): ArrayBuffer[] {
  return [...new Set(list.flatMap((bytes) => (bytes === null ? [] : (ownBuffer(bytes) ?? []))))];
}

/** Plain bytes cross threads in one copy; a Buffer takes a slower path (measured: 50 ms for 14 MB against 1 ms). */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return Buffer.isBuffer(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
}

/** In a module worker: JSON the database gave as UTF-8 bytes (`convert_to(…::text, 'UTF8')`), parsed. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  return JSON.parse(decoder.decode(bytes));
}

/** Held values are found this far down (a run's results → a result; the output payload → its NLU field; an envelope → its output → …). */
const HELD_DEPTH = 3;

/** A shallow copy of the first levels of `value` with a marker for each held value (the rest is shared, not walked). */
function markHeld(value: unknown, depth: number, mark: (held: HeldJson<unknown>) => string): unknown {
  if (isHeldJson(value)) return mark(value);
  if (depth === 0 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((inner) => markHeld(inner, depth - 1, mark));
  // Only plain objects are copied: a Date or a class serializes itself (toJSON) and holds nothing held.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, markHeld(inner, depth - 1, mark)]));
}

/**
 * The JSON of a value holding held values in its first levels, as parts in order: text serialized
 * here (the small rest), and each held value's bytes as they are. The database joins them
 * (server/db/jsonb-parts.ts). A marker with a fresh UUID stands for each held value while the rest
 * is serialized, so no text a sender wrote can be taken for one.
 */
export function jsonParts(value: unknown): (string | Uint8Array)[] {
  const held: Uint8Array[] = [];
  const marker = `\u0000held:${randomUUID()}:`;
  const text = JSON.stringify(
    markHeld(value, HELD_DEPTH, (inner) => {
      held.push(inner.heldJson);
      return `${marker}${held.length - 1}`;
    }),
  ) ?? 'null';
  if (held.length === 0) return [text];
  // JSON.stringify writes the marker's NUL as the escape `\u0000`, within quotes.
  const quoted = JSON.stringify(marker).slice(0, -1);
  const parts: (string | Uint8Array)[] = [];
  let from = 0;
  for (let at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, from)) {
    const end = text.indexOf('"', at + quoted.length);
    parts.push(text.slice(from, at), held[Number(text.slice(at + quoted.length, end))]!);
    from = end + 1;
  }
  parts.push(text.slice(from));
  return parts;
}
