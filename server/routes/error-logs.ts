/** `errorLogs.list`: the environment's recent errors (server/configuration/error-logs.ts). */
import type { FastifyInstance } from 'fastify';
import { listErrorLogs } from '../../src/contract/error-logs';
import type { ServerContext } from '../context';
import { readErrorLogs } from '../configuration/error-logs';
import { registerEndpoint } from './register';

export function registerErrorLogRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, listErrorLogs, ({ params, query }) => readErrorLogs(ctx.db, params.envId, query));
}
