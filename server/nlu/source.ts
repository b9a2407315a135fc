/**
 * An environment's NLU tables → the engine's input (`NluSource`, src/nlu/types.ts), plus its servers.
 * The one place rows are mapped to what the engine reads.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { jsonBytesOf } from '../db/jsonb-parts';
import { ownBuffers, plainBytes } from '../module-workers/held-json';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluRevisions, nluServers } from '../db/schema-nlu';
import { nluSourceOf } from '../../src/nlu/source-of';
import type { WorkerNluSource } from './worker-source';

export type ServerRow = typeof nluServers.$inferSelect;

type Reader = Pick<Database, 'select'>;

/**
 * The source as a module worker compiles it (worker-source.ts): archetypes' dictionaries stay the
 * JSON bytes the database gives, handed to the worker and parsed there.
 */
export async function loadNluSourceForWorker(db: Reader, environmentId: string): Promise<{ source: WorkerNluSource; transfer: ArrayBuffer[] }> {
  const [archetypes, contexts, interactions, functions] = await Promise.all([
    db
      .select({ name: nluArchetypes.name, dictionaries: jsonBytesOf<never>(nluArchetypes.dictionaries) })
      .from(nluArchetypes)
      .where(eq(nluArchetypes.environmentId, environmentId))
      .orderBy(asc(nluArchetypes.name)),
    db.select().from(nluContexts).where(eq(nluContexts.environmentId, environmentId)).orderBy(asc(nluContexts.name)),
    db.select().from(nluInteractions).where(eq(nluInteractions.environmentId, environmentId)).orderBy(asc(nluInteractions.name)),
    db.select().from(nluFunctions).where(eq(nluFunctions.environmentId, environmentId)).orderBy(asc(nluFunctions.name)),
  ]);
  const rest = nluSourceOf({ archetypes: [], contexts, interactions, functions });
  const held = archetypes.map(({ name, dictionaries }) => ({ name, dictionaries: plainBytes(dictionaries) }));
  return { source: { ...rest, archetypes: held }, transfer: ownBuffers(held.map(({ dictionaries }) => dictionaries)) };
}

export function loadServers(db: Reader, environmentId: string): Promise<ServerRow[]> {
  return db.select().from(nluServers).where(eq(nluServers.environmentId, environmentId)).orderBy(asc(nluServers.name));
}

/**
 * The servers and the revision of the NLU configuration (revision.ts) in one statement: the pipeline's
 * NLU step reads both for every analysis. Without servers the revision is not needed (0).
 */
export async function loadServersAndRevision(db: Reader, environmentId: string): Promise<{ servers: ServerRow[]; revision: number }> {
  const rows = await db
    .select({ server: nluServers, revision: nluRevisions.revision })
    .from(nluServers)
    .leftJoin(nluRevisions, eq(nluRevisions.environmentId, nluServers.environmentId))
    .where(eq(nluServers.environmentId, environmentId))
    .orderBy(asc(nluServers.name));
  return { servers: rows.map((row) => row.server), revision: rows[0]?.revision ?? 0 };
}
