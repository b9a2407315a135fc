/**
 * NLU servers (spec §4 Servers): CRUD (ROLE_RIGHT_SERVER_CREATE/UPDATE/DELETE), start and
 * stop (ROLE_RIGHT_SERVER_START/STOP), and the NLU test, which goes through a server: a stopped one
 * is started, and while it starts the answer is 503 `aiStarting` (§8 "AI starting up").
 */
import { aiVersionNeeded } from '../../src/categorization/checks';
import { environmentSettingsOf } from '../categorization/facts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverEndpoints, startNluServer, stopNluServer, testNlu } from '../../src/contract/nlu';
import { atLeast } from '../auth/permissions';
import { auditTarget } from '../audit';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { nluContexts, nluServers } from '../db/schema-nlu';
import { readSettings } from '../environments/settings';
import { HttpError } from '../http-error';
import { nluInWorker } from '../nlu/in-worker';
import { markUsed, startServer, statusOf, stopServer } from '../nlu/lifecycle';
import { loadServers, type ServerRow } from '../nlu/source';
import { serverView } from '../nlu/views';
import { newServerToken } from '../nlu/token';
import { nluNotFound, writeNlu, type Tx } from '../nlu/write';
import { registerEndpoint } from './register';
import { versionErrors } from '../nlu/config-errors';

/** A server must name contexts that exist (a context's servers are read from these names). */
async function assertContextsExist(tx: Pick<Tx, 'select'>, environmentId: string, names: string[]): Promise<void> {
  const known = new Set(
    (await tx.select({ name: nluContexts.name }).from(nluContexts).where(eq(nluContexts.environmentId, environmentId))).map((row) => row.name),
  );
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new HttpError(400, { message: `Unknown context(s): ${unknown.join(', ')}`, code: 'nluNotFound', params: { what: unknown.join(', ') } });
  }
}

async function serverOf(ctx: ServerContext, environmentId: string, serverId: string): Promise<ServerRow> {
  const [row] = await ctx.db.select().from(nluServers).where(and(eq(nluServers.environmentId, environmentId), eq(nluServers.id, serverId)));
  if (row === undefined) throw nluNotFound('Server');
  return row;
}

export function aiStarting(row: ServerRow, now: Date): HttpError {
  const retryAfterMs = Math.max(0, (row.readyAt?.getTime() ?? now.getTime()) - now.getTime());
  return new HttpError(
    503,
    { message: `The AI of server "${row.name}" is starting up; try again in a moment`, code: 'aiStarting', params: { server: row.name }, retryAfterMs },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );
}

export function registerNluServerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const runtime = ctx.nlu;
  // Compiled in a module worker, as every configuration check (config-errors.ts).
  const errorsOf = (envId: string, aiVersion: string) => versionErrors(ctx.db, runtime, envId, aiVersion);

  registerEndpoint(app, ctx, serverEndpoints.list, async ({ params, scope }) => {
    const rows = await loadServers(ctx.db, params.envId);
    return rows.map((row) => serverView(row, runtime, atLeast(scope.rights?.profile ?? null, 'configurator')));
  });

  registerEndpoint(app, ctx, serverEndpoints.create, async ({ params, body, request, reply }) => {
    const id = randomUUID();
    // Left out: what the environment's modules need (a categorization module needs 5, §5).
    const aiVersion = body.aiVersion ?? aiVersionNeeded((await environmentSettingsOf(ctx.db, params.envId)).modules);
    const row = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      await assertContextsExist(tx, params.envId, body.contexts);
      const [inserted] = await tx.insert(nluServers).values({ id, environmentId: params.envId, token: newServerToken(), ...body, aiVersion }).returning();
      return inserted!;
    });
    auditTarget(request, { type: 'nluServer', id });
    reply.code(201);
    return { item: serverView(row, runtime, true), errors: await errorsOf(params.envId, row.aiVersion) };
  });

  registerEndpoint(app, ctx, serverEndpoints.update, async ({ params, body }) => {
    const row = await writeNlu(ctx.db, params.envId, body.name, async (tx) => {
      await assertContextsExist(tx, params.envId, body.contexts);
      const [updated] = await tx
        .update(nluServers)
        .set({ ...body, updatedAt: new Date() })
        .where(and(eq(nluServers.environmentId, params.envId), eq(nluServers.id, params.serverId)))
        .returning();
      if (updated === undefined) throw nluNotFound('Server');
      return updated;
    });
    return { item: serverView(row, runtime, true), errors: await errorsOf(params.envId, row.aiVersion) };
  });

  registerEndpoint(app, ctx, serverEndpoints.remove, async ({ params }) => {
    await writeNlu(ctx.db, params.envId, '', async (tx) => {
      const deleted = await tx
        .delete(nluServers)
        .where(and(eq(nluServers.environmentId, params.envId), eq(nluServers.id, params.serverId)))
        .returning({ id: nluServers.id });
      if (deleted.length === 0) throw nluNotFound('Server');
    });
  });

  registerEndpoint(app, ctx, startNluServer, async ({ params }) => {
    const row = await startServer(ctx.db, await serverOf(ctx, params.envId, params.serverId), runtime);
    return serverView(row, runtime, true);
  });

  registerEndpoint(app, ctx, stopNluServer, async ({ params }) => {
    const row = await stopServer(ctx.db, await serverOf(ctx, params.envId, params.serverId));
    return serverView(row, runtime, true);
  });

  registerEndpoint(app, ctx, testNlu, async ({ params, body }) => {
    const servers = await loadServers(ctx.db, params.envId);
    const wanted = body.server;
    let server = wanted === undefined ? servers[0] : servers.find((row) => row.name === wanted || row.id === wanted);
    if (server === undefined) {
      throw new HttpError(409, {
        message: wanted === undefined ? 'This environment has no NLU server' : `No NLU server "${wanted}" in this environment`,
        code: 'noServer',
        params: { server: wanted ?? '' },
      });
    }
    server = await startServer(ctx.db, server, runtime);
    if (statusOf(server, runtime) === 'starting') throw aiStarting(server, runtime.now());
    const [environment] = await ctx.db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, params.envId));
    // Compiled and analysed in a module worker (server/nlu/in-worker.ts): 422 testStopped past its limits.
    const { result } = await nluInWorker(ctx.db, runtime, params.envId, server.aiVersion, {
      text: body.text,
      server,
      ...(body.language === undefined ? {} : { language: body.language }),
      languages: readSettings(environment?.settings).languages,
    });
    await markUsed(ctx.db, server.id, runtime);
    return result!;
  });
}

