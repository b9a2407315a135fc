/**
 * How every PGlite of the server is opened, in this thread or in its database thread:
 * - extensions the migrations create (PostgreSQL servers ship them in contrib; PGlite loads them here);
 * - bytea through Buffer's hex codec: PGlite's own goes byte by byte through an array of strings,
 *   about 0.4 s per MB (a 25 MB upload took 10 s to store); this one is 6 to 20 times faster.
 */
import { types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_OPTIONS: PGliteOptions = {
  extensions: { pg_trgm },
  serializers: {
    [types.BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};
