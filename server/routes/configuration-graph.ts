/** The configuration snapshot the graph visualiser and the problem checks read. */
import type { FastifyInstance } from 'fastify';
import { getConfigurationSnapshot } from '../../src/contract/configuration-graph';
import type { ServerContext } from '../context';
import { loadConfigurationSnapshot } from '../configuration/snapshot';
import { registerEndpoint } from './register';

export function registerConfigurationGraphRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getConfigurationSnapshot, ({ params }) => loadConfigurationSnapshot(ctx.db, params.envId));
}
