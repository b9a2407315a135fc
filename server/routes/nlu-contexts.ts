/**
 * NLU contexts and their interactions. A context's servers are the servers whose
 * `contexts` name it: renaming the context renames it there, deleting it (ROLE_RIGHT_CONTEXT_DELETE)
 * removes it there and deletes its interactions.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contextEndpoints, interactionEndpoints } from '../../src/contract/nlu';
import { auditTarget } from '../audit';
import type { ServerContext } from '../context';
import { nluContexts, nluInteractions, nluServers } from '../db/schema-nlu';
import { concerning, configurationErrors, type ErrorSubject } from '../nlu/config-errors';
import { contextViews, interactionView } from '../nlu/views';
import { nluNotFound, writeNlu, type Tx } from '../nlu/write';
import { registerEndpoint } from './register';

/** Replaces (or, with `to` null, removes) a context name in the servers of an environment. */
async function renameInServers(tx: Tx, environmentId: string, from: string, to: string | null): Promise<void> {
  const servers = await tx.select({ id: nluServers.id, contexts: nluServers.contexts }).from(nluServers).where(eq(nluServers.environmentId, environmentId));
  for (const server of servers.filter((candidate) => candidate.contexts.includes(from))) {
    const contexts = to === null ? server.contexts.filter((name) => name !== from) : server.contexts.map((name) => (name === from ? to : name));
    await tx.update(nluServers).set({ contexts }).where(eq(nluServers.id, server.id));
  }
}

async function contextOf(tx: Pick<Tx, 'select'>, environmentId: string, contextId: string) {
  const [row] = await tx.select().from(nluContexts).where(and(eq(nluContexts.environmentId, environmentId), eq(nluContexts.id, contextId)));
  if (row === undefined) throw nluNotFound('Context');
  return row;
}

export function registerNluContextRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const errorsOf = async (envId: string, subject: ErrorSubject) => concerning(await configurationErrors(ctx.db, ctx.nlu, envId), subject);
  const contextView = async (envId: string, id: string) => (await contextViews(ctx.db, envId)).find((view) => view.id === id)!;

  registerEndpoint(app, ctx, contextEndpoints.list, ({ params }) => contextViews(ctx.db, params.envId));

  registerEndpoint(app, ctx, contextEndpoints.create, async ({ params, body, request, reply }) => {
    const id = randomUUID();
    await writeNlu(ctx.db, params.envId, body.name, (tx) => tx.insert(nluContexts).values({ id, environmentId: params.envId, ...body }));
    auditTarget(request, { type: 'nluContext', id });
    reply.code(201);
    return { item: await contextView(params.envId, id), errors: await errorsOf(params.envId, { context: body.name }) };
  });

  registerEndpoint(app, ctx, contextEndpoints.update, async ({ params, body }) => {
    await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const before = await contextOf(tx, params.envId, params.contextId);
      await tx.update(nluContexts).set({ ...body, updatedAt: new Date() }).where(eq(nluContexts.id, before.id));
      if (before.name !== body.name) await renameInServers(tx, params.envId, before.name, body.name);
    });
    return { item: await contextView(params.envId, params.contextId), errors: await errorsOf(params.envId, { context: body.name }) };
  });

  registerEndpoint(app, ctx, contextEndpoints.remove, async ({ params }) => {
    await writeNlu(ctx.db, params.envId, '', async (tx) => {
      const before = await contextOf(tx, params.envId, params.contextId);
      await tx.delete(nluContexts).where(eq(nluContexts.id, before.id));
      await renameInServers(tx, params.envId, before.name, null);
    });
  });

  registerEndpoint(app, ctx, interactionEndpoints.list, async ({ params }) => {
    const rows = await ctx.db
      .select({ interaction: nluInteractions, context: nluContexts.name })
      .from(nluInteractions)
      .innerJoin(nluContexts, eq(nluContexts.id, nluInteractions.contextId))
      .where(eq(nluInteractions.environmentId, params.envId))
      .orderBy(asc(nluContexts.name), asc(nluInteractions.name));
    return rows.map((row) => interactionView(row.interaction, row.context));
  });

  registerEndpoint(app, ctx, interactionEndpoints.create, async ({ params, body, request, reply }) => {
    const id = randomUUID();
    const { row, context } = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const context = await contextOf(tx, params.envId, body.contextId);
      const [inserted] = await tx.insert(nluInteractions).values({ id, environmentId: params.envId, ...body }).returning();
      return { row: inserted!, context: context.name };
    });
    auditTarget(request, { type: 'nluInteraction', id });
    reply.code(201);
    return { item: interactionView(row, context), errors: await errorsOf(params.envId, { context, interaction: row.name }) };
  });

  registerEndpoint(app, ctx, interactionEndpoints.update, async ({ params, body }) => {
    const { row, context } = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const context = await contextOf(tx, params.envId, body.contextId);
      const [updated] = await tx
        .update(nluInteractions)
        .set({ ...body, updatedAt: new Date() })
        .where(and(eq(nluInteractions.environmentId, params.envId), eq(nluInteractions.id, params.interactionId)))
        .returning();
      if (updated === undefined) throw nluNotFound('Interaction');
      return { row: updated, context: context.name };
    });
    return { item: interactionView(row, context), errors: await errorsOf(params.envId, { context, interaction: row.name }) };
  });

  registerEndpoint(app, ctx, interactionEndpoints.remove, async ({ params }) => {
    await writeNlu(ctx.db, params.envId, '', async (tx) => {
      const deleted = await tx
        .delete(nluInteractions)
        .where(and(eq(nluInteractions.environmentId, params.envId), eq(nluInteractions.id, params.interactionId)))
        .returning({ id: nluInteractions.id });
      if (deleted.length === 0) throw nluNotFound('Interaction');
    });
  });
}
