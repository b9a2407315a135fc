/**
 * How every PGlite of the server is opened, in this thread or in its database thread:
 * - extensions the migrations create (PostgreSQL servers ship them in contrib; PGlite loads them here);
 * - bytea parameters bound as bytes (the protocol's binary format), as node-postgres sends a Buffer:
 *   PGlite's own serializer writes hex text byte by byte through an array of strings (0.4 s per MB),
 *   and even Buffer's hex codec doubled every byte into a string the engine then parsed back (a 5 MB
 *   file took 150 ms of CPU to store, 25 ms as bytes; an 18 KB JSON document stored from bytes,
 *   as a run's results are, 2.5 ms against 1.2). PGlite's Bind writes any typed-array value in the
 *   binary format; its `Serializer` type only declares strings;
 * - bytea answers through Buffer's hex codec (answers come as text).
 */
import { types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

type Serializer = NonNullable<PGliteOptions['serializers']>[number];

const byteaAsBytes = ((value: unknown): Uint8Array => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return value;
}) as unknown as Serializer;

export const PGLITE_OPTIONS: PGliteOptions = {
  extensions: { pg_trgm },
  serializers: { [types.BYTEA]: byteaAsBytes },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};
