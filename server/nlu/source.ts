/**
 * An environment's NLU tables → the engine's input (`NluSource`, src/nlu/types.ts), plus its servers.
 * The one place rows are mapped to what the engine reads.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
import { nluSourceOf } from '../../src/nlu/source-of';
import type { NluSource } from '../../src/nlu/types';

export type ServerRow = typeof nluServers.$inferSelect;

type Reader = Pick<Database, 'select'>;

export async function loadNluSource(db: Reader, environmentId: string): Promise<NluSource> {
  const [archetypes, contexts, interactions, functions] = await Promise.all([
    db.select().from(nluArchetypes).where(eq(nluArchetypes.environmentId, environmentId)).orderBy(asc(nluArchetypes.name)),
    db.select().from(nluContexts).where(eq(nluContexts.environmentId, environmentId)).orderBy(asc(nluContexts.name)),
    db.select().from(nluInteractions).where(eq(nluInteractions.environmentId, environmentId)).orderBy(asc(nluInteractions.name)),
    db.select().from(nluFunctions).where(eq(nluFunctions.environmentId, environmentId)).orderBy(asc(nluFunctions.name)),
  ]);
  return nluSourceOf({ archetypes, contexts, interactions, functions });
}

export function loadServers(db: Reader, environmentId: string): Promise<ServerRow[]> {
  return db.select().from(nluServers).where(eq(nluServers.environmentId, environmentId)).orderBy(asc(nluServers.name));
}
