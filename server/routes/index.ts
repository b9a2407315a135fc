/** Every route module, registered in one place. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAuthRoutes } from './auth';
import { registerAccessKeyRoutes } from './access-keys';
import { registerEnvironmentRoutes } from './environments';
import { registerMemberRoutes } from './members';
import { registerOrganisationRoutes } from './organisations';

export function registerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerAuthRoutes(app, ctx);
  registerEnvironmentRoutes(app, ctx);
  registerOrganisationRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerAccessKeyRoutes(app, ctx);
}
