/**
 * NLU import and export in the original platform's console format (exportVersion 2), and the
 * configuration check (every compile error with its line, and the §8 "no server linked" contexts).
 */
import type { FastifyInstance } from 'fastify';
import { checkNlu, exportNlu, importNlu } from '../../src/contract/nlu';
import type { ServerContext } from '../context';
import { configurationErrors } from '../nlu/config-errors';
import { exportOriginal } from '../nlu/export';
import { importOriginalExport } from '../nlu/import';
import { contextViews } from '../nlu/views';
import { registerEndpoint } from './register';

export function registerNluTransferRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, importNlu, ({ params, body }) => importOriginalExport(ctx.db, params.envId, body, 'merge'));

  registerEndpoint(app, ctx, exportNlu, async ({ params, reply }) => {
    reply.header('Content-Disposition', 'attachment; filename="nlu-export.json"');
    return exportOriginal(ctx.db, params.envId);
  });

  registerEndpoint(app, ctx, checkNlu, async ({ params }) => {
    const [errors, contexts] = await Promise.all([configurationErrors(ctx.db, ctx.nlu, params.envId), contextViews(ctx.db, params.envId)]);
    return { errors, contextsWithoutServer: contexts.filter((context) => context.servers.length === 0).map((context) => context.name) };
  });
}
