/**
 * What the NLU console export cannot carry (interaction functions, each interaction's distance and
 * function list, archetype notes). The configuration document carries them beside the export
 * (src/configuration-document/document.ts): `withConsoleFields` adds them to the stored export when
 * the document is read; an IDE save reads them before the NLU tables are replaced, then writes the
 * document's (`fromDocument`) onto the items that exist (matched by name). A document without a
 * distance (an NLU export pasted in) keeps the stored one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ConfigurationDocument } from '../../src/configuration-document/document';
import { documentNluSchema } from '../../src/configuration-document/document';
import { INTERACTION_DEFAULT_DISTANCE } from '../../src/contract/nlu-entities';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions } from '../db/schema-nlu';
import type { Tx } from '../nlu/write';

type FunctionRow = typeof nluFunctions.$inferSelect;
type Reader = Pick<Tx, 'select'>;

export interface PreservedNlu {
  functions: Omit<FunctionRow, 'updatedAt'>[];
  interactions: { context: string; name: string; distance: number; functions: string[] }[];
  notes: { name: string; notes: string }[];
}

export async function readPreserved(tx: Reader, environmentId: string): Promise<PreservedNlu> {
  const [functions, interactions, notes] = await Promise.all([
    tx.select().from(nluFunctions).where(eq(nluFunctions.environmentId, environmentId)).orderBy(nluFunctions.name),
    tx
      .select({ context: nluContexts.name, name: nluInteractions.name, distance: nluInteractions.distance, functions: nluInteractions.functions })
      .from(nluInteractions)
      .innerJoin(nluContexts, eq(nluContexts.id, nluInteractions.contextId))
      .where(eq(nluInteractions.environmentId, environmentId)),
    tx.select({ name: nluArchetypes.name, notes: nluArchetypes.notes }).from(nluArchetypes).where(eq(nluArchetypes.environmentId, environmentId)),
  ]);
  return { functions: functions.map(({ updatedAt: _updatedAt, ...row }) => row), interactions, notes: notes.filter((row) => row.notes !== '') };
}

type Item = Record<string, unknown>;
const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

/** The stored export with the console's fields added: notes when written, every distance, function lists when any. */
export function withConsoleFields(nlu: ConfigurationDocument['nlu'], preserved: PreservedNlu): ConfigurationDocument['nlu'] {
  const notes = new Map(preserved.notes.map((row) => [row.name, row.notes]));
  const interactions = new Map(preserved.interactions.map((row) => [`${row.context}\n${row.name}`, row]));
  return {
    ...nlu,
    archetypes: items(nlu.archetypes).map((archetype) => {
      const note = notes.get(String(archetype.name));
      return note === undefined ? archetype : { ...archetype, notes: note };
    }),
    contexts: items(nlu.contexts).map((context) => ({
      ...context,
      interactions: items(context.interactions).map((interaction) => {
        const stored = interactions.get(`${String(context.name)}\n${String(interaction.id_interaction)}`);
        if (stored === undefined) return interaction;
        return { ...interaction, distance: stored.distance, ...(stored.functions.length > 0 ? { functions: stored.functions } : {}) };
      }),
    })),
    functions: preserved.functions.map(({ id: _id, environmentId: _environmentId, ...fn }) => fn),
  };
}

/** What a save writes back: the document's functions (keeping stored ids by name), lists, distances and notes. */
export function fromDocument(nlu: ConfigurationDocument['nlu'], stored: PreservedNlu, environmentId: string): PreservedNlu {
  const document = documentNluSchema.parse(nlu);
  const ids = new Map(stored.functions.map((row) => [row.name, row.id]));
  const distances = new Map(stored.interactions.map((row) => [`${row.context}\n${row.name}`, row.distance]));
  return {
    functions: document.functions.map((fn) => ({ ...fn, id: ids.get(fn.name) ?? randomUUID(), environmentId })),
    interactions: document.contexts.flatMap((context) =>
      context.interactions.map((interaction) => ({
        context: context.name,
        name: interaction.id_interaction,
        distance: interaction.distance ?? distances.get(`${context.name}\n${interaction.id_interaction}`) ?? INTERACTION_DEFAULT_DISTANCE,
        functions: interaction.functions ?? [],
      })),
    ),
    notes: document.archetypes.map((archetype) => ({ name: archetype.name, notes: archetype.notes ?? '' })),
  };
}

export async function writePreserved(tx: Tx, environmentId: string, preserved: PreservedNlu): Promise<void> {
  // The import emptied the functions table of the environment: these are all of them.
  await tx.delete(nluFunctions).where(eq(nluFunctions.environmentId, environmentId));
  if (preserved.functions.length > 0) await tx.insert(nluFunctions).values(preserved.functions);
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
