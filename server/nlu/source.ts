/**
 * An environment's NLU tables → the engine's input (`NluSource`, src/nlu/types.ts), plus its servers.
 * The one place rows are mapped to what the engine reads.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
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
  return {
    archetypes: archetypes.map((row) => ({ name: row.name, dictionaries: row.dictionaries })),
    contexts: contexts.map((context) => ({
      name: context.name,
      languages: context.languages,
      neutralizers: context.neutralizers,
      interactions: interactions
        .filter((interaction) => interaction.contextId === context.id)
        .map((interaction) => ({
          id: interaction.name,
          comment: interaction.comment,
          enabled: interaction.enabled,
          ordered: interaction.ordered,
          distance: interaction.distance,
          parameters: interaction.parameters,
          functions: interaction.functions,
        })),
    })),
    functions: functions.map((row) => ({
      name: row.name,
      enabled: row.enabled,
      kind: row.kind,
      stringValue: row.stringValue,
      parameterName: row.parameterName,
      interactionToFind: row.interactionToFind,
      parameterToFind: row.parameterToFind,
      parameterBaseline: row.parameterBaseline,
    })),
  };
}

export function loadServers(db: Reader, environmentId: string): Promise<ServerRow[]> {
  return db.select().from(nluServers).where(eq(nluServers.environmentId, environmentId)).orderBy(asc(nluServers.name));
}
