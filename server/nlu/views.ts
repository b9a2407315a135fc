/** Rows of the NLU tables → what the endpoints answer (src/contract/nlu-entities.ts). */
import { asc, eq } from 'drizzle-orm';
import type { Archetype, NluContext, NluInteraction, NluInteractionFunction, NluServer } from '../../src/contract/nlu-entities';
import type { EnvironmentLanguage } from '../../src/contract/environments';
import type { Database } from '../db/open';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
import { statusOf } from './lifecycle';
import type { NluRuntime } from './runtime';

type Reader = Pick<Database, 'select'>;

export function archetypeView(row: typeof nluArchetypes.$inferSelect): Archetype {
  return { id: row.id, name: row.name, dictionaries: row.dictionaries, notes: row.notes, updatedAt: row.updatedAt.toISOString() };
}

export function functionView(row: typeof nluFunctions.$inferSelect): NluInteractionFunction {
  const { environmentId: _environmentId, updatedAt, ...rest } = row;
  return { ...rest, updatedAt: updatedAt.toISOString() };
}

export function interactionView(row: typeof nluInteractions.$inferSelect, context: string): NluInteraction {
  return {
    id: row.id,
    contextId: row.contextId,
    context,
    name: row.name,
    comment: row.comment,
    enabled: row.enabled,
    ordered: row.ordered,
    distance: row.distance,
    parameters: row.parameters,
    functions: row.functions,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `showToken`: configurators see the token, other profiles get null. */
export function serverView(row: typeof nluServers.$inferSelect, runtime: NluRuntime, showToken: boolean): NluServer {
  return {
    id: row.id,
    name: row.name,
    aiVersion: row.aiVersion,
    defaultLanguage: row.defaultLanguage as EnvironmentLanguage,
    responseFormat: row.responseFormat as NluServer['responseFormat'],
    labeling: row.labeling,
    multipleInteractions: row.multipleInteractions,
    contexts: row.contexts,
    status: statusOf(row, runtime),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    token: showToken ? row.token : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every context of the environment with its interaction count and the servers that use it. */
export async function contextViews(db: Reader, environmentId: string): Promise<NluContext[]> {
  const [contexts, interactions, servers] = await Promise.all([
    db.select().from(nluContexts).where(eq(nluContexts.environmentId, environmentId)).orderBy(asc(nluContexts.name)),
    db.select({ contextId: nluInteractions.contextId }).from(nluInteractions).where(eq(nluInteractions.environmentId, environmentId)),
    db.select({ name: nluServers.name, contexts: nluServers.contexts }).from(nluServers).where(eq(nluServers.environmentId, environmentId)).orderBy(asc(nluServers.name)),
  ]);
  return contexts.map((row) => ({
    id: row.id,
    name: row.name,
    languages: row.languages,
    neutralizers: row.neutralizers,
    interactionCount: interactions.filter((interaction) => interaction.contextId === row.id).length,
    servers: servers.filter((server) => server.contexts.includes(row.name)).map((server) => server.name),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
