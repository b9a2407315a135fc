/**
 * NLU archetypes and interaction functions: list, create, update, delete. Every save
 * answers the item and the configuration errors concerning it (stored anyway: see src/contract/nlu.ts).
 * Contexts and interactions: nlu-contexts.ts; servers, start/stop and the test: nlu-servers.ts;
 * import, export and check: nlu-transfer.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { archetypeEndpoints, functionEndpoints } from '../../src/contract/nlu';
import { auditTarget } from '../audit';
import type { ServerContext } from '../context';
import { nluArchetypes, nluFunctions } from '../db/schema-nlu';
import { concerning, configurationErrors } from '../nlu/config-errors';
import { archetypeView, functionView } from '../nlu/views';
import { nluNotFound, writeNlu } from '../nlu/write';
import { registerEndpoint } from './register';

export function registerNluRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const errorsOf = async (envId: string, archetype?: string) => {
    const errors = await configurationErrors(ctx.db, ctx.nlu, envId);
    return archetype === undefined ? [] : concerning(errors, { archetype });
  };

  // --- Archetypes ------------------------------------------------------------------------------
  registerEndpoint(app, ctx, archetypeEndpoints.list, async ({ params }) => {
    const rows = await ctx.db.select().from(nluArchetypes).where(eq(nluArchetypes.environmentId, params.envId)).orderBy(asc(nluArchetypes.name));
    return rows.map(archetypeView);
  });

  registerEndpoint(app, ctx, archetypeEndpoints.create, async ({ params, body, request, reply }) => {
    const id = randomUUID();
    const row = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const [inserted] = await tx.insert(nluArchetypes).values({ id, environmentId: params.envId, ...body }).returning();
      return inserted!;
    });
    auditTarget(request, { type: 'nluArchetype', id });
    reply.code(201);
    return { item: archetypeView(row), errors: await errorsOf(params.envId, row.name) };
  });

  registerEndpoint(app, ctx, archetypeEndpoints.update, async ({ params, body }) => {
    const row = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const [updated] = await tx
        .update(nluArchetypes)
        .set({ ...body, updatedAt: new Date() })
        .where(and(eq(nluArchetypes.environmentId, params.envId), eq(nluArchetypes.id, params.archetypeId)))
        .returning();
      if (updated === undefined) throw nluNotFound('Archetype');
      return updated;
    });
    return { item: archetypeView(row), errors: await errorsOf(params.envId, row.name) };
  });

  registerEndpoint(app, ctx, archetypeEndpoints.remove, async ({ params }) => {
    await writeNlu(ctx.db, params.envId, '', async (tx) => {
      const deleted = await tx
        .delete(nluArchetypes)
        .where(and(eq(nluArchetypes.environmentId, params.envId), eq(nluArchetypes.id, params.archetypeId)))
        .returning({ id: nluArchetypes.id });
      if (deleted.length === 0) throw nluNotFound('Archetype');
    });
  });

  // --- Interaction functions -------------------------------------------------------------------
  // A function's errors show on the interactions that use it (unknownInteractionFunction), so a save
  // answers none of its own.
  registerEndpoint(app, ctx, functionEndpoints.list, async ({ params }) => {
    const rows = await ctx.db.select().from(nluFunctions).where(eq(nluFunctions.environmentId, params.envId)).orderBy(asc(nluFunctions.name));
    return rows.map(functionView);
  });

  registerEndpoint(app, ctx, functionEndpoints.create, async ({ params, body, request, reply }) => {
    const id = randomUUID();
    const row = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const [inserted] = await tx.insert(nluFunctions).values({ id, environmentId: params.envId, ...body }).returning();
      return inserted!;
    });
    auditTarget(request, { type: 'nluFunction', id });
    reply.code(201);
    return { item: functionView(row), errors: [] };
  });

  registerEndpoint(app, ctx, functionEndpoints.update, async ({ params, body }) => {
    const row = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      const [updated] = await tx
        .update(nluFunctions)
        .set({ ...body, updatedAt: new Date() })
        .where(and(eq(nluFunctions.environmentId, params.envId), eq(nluFunctions.id, params.functionId)))
        .returning();
      if (updated === undefined) throw nluNotFound('Interaction function');
      return updated;
    });
    return { item: functionView(row), errors: [] };
  });

  registerEndpoint(app, ctx, functionEndpoints.remove, async ({ params }) => {
    await writeNlu(ctx.db, params.envId, '', async (tx) => {
      const deleted = await tx
        .delete(nluFunctions)
        .where(and(eq(nluFunctions.environmentId, params.envId), eq(nluFunctions.id, params.functionId)))
        .returning({ id: nluFunctions.id });
      if (deleted.length === 0) throw nluNotFound('Interaction function');
    });
  });
}
