/**
 * jsonb to and from UTF-8 JSON bytes, so that the HTTP thread moves a large value without decoding it.
 *
 * A jsonb value written from its parts (module-workers/held-json.ts `jsonParts`): text as text, held
 * JSON bytes as bytea the database decodes. The HTTP thread never joins megabytes into one string:
 * the database does, and a large bytea parameter crosses to the database thread in one copy.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { plainBytes } from '../module-workers/held-json';

export function jsonbOfParts(parts: readonly (string | Uint8Array)[]): SQL {
  if (parts.length === 1 && typeof parts[0] === 'string') return sql`${parts[0]}::jsonb`;
  const joined = parts.map((part) => (typeof part === 'string' ? sql`${part}::text` : sql`convert_from(${plainBytes(part)}, 'UTF8')`));
  return sql`(${sql.join(joined, sql` || `)})::jsonb`;
}

/** A jsonb value read as its UTF-8 JSON bytes (null stays null): bytes cross to a worker in one copy, a long string does not. */
export const jsonBytesOf = <Nullable extends null = null>(value: SQLWrapper) => sql<Uint8Array | Nullable>`convert_to(${value}::text, 'UTF8')`;
