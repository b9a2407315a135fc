/**
 * What the NLU console export cannot carry (interaction functions, each interaction's distance and
 * function list, archetype notes) and must survive an IDE save: read before the NLU tables are
 * replaced, written back after onto the items that still exist (matched by name).
 */
import { and, eq } from 'drizzle-orm';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions } from '../db/schema-nlu';
import type { Tx } from '../nlu/write';

export interface PreservedNlu {
  functions: (typeof nluFunctions.$inferSelect)[];
  interactions: { context: string; name: string; distance: number; functions: string[] }[];
  notes: { name: string; notes: string }[];
}

export async function readPreserved(tx: Tx, environmentId: string): Promise<PreservedNlu> {
  const [functions, interactions, notes] = await Promise.all([
    tx.select().from(nluFunctions).where(eq(nluFunctions.environmentId, environmentId)),
    tx
      .select({ context: nluContexts.name, name: nluInteractions.name, distance: nluInteractions.distance, functions: nluInteractions.functions })
      .from(nluInteractions)
      .innerJoin(nluContexts, eq(nluContexts.id, nluInteractions.contextId))
      .where(eq(nluInteractions.environmentId, environmentId)),
    tx.select({ name: nluArchetypes.name, notes: nluArchetypes.notes }).from(nluArchetypes).where(eq(nluArchetypes.environmentId, environmentId)),
  ]);
  return { functions, interactions, notes: notes.filter((row) => row.notes !== '') };
}

export async function writePreserved(tx: Tx, environmentId: string, preserved: PreservedNlu): Promise<void> {
  if (preserved.functions.length > 0) await tx.insert(nluFunctions).values(preserved.functions).onConflictDoNothing();
  const contexts = new Map(
    (await tx.select({ id: nluContexts.id, name: nluContexts.name }).from(nluContexts).where(eq(nluContexts.environmentId, environmentId))).map((row) => [row.name, row.id]),
  );
  for (const interaction of preserved.interactions) {
    const contextId = contexts.get(interaction.context);
    if (contextId === undefined) continue;
    await tx
      .update(nluInteractions)
      .set({ distance: interaction.distance, functions: interaction.functions })
      .where(and(eq(nluInteractions.contextId, contextId), eq(nluInteractions.name, interaction.name)));
  }
  for (const archetype of preserved.notes) {
    await tx
      .update(nluArchetypes)
      .set({ notes: archetype.notes })
      .where(and(eq(nluArchetypes.environmentId, environmentId), eq(nluArchetypes.name, archetype.name)));
  }
}
