/** Every route module, registered in one place. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAuthRoutes } from './auth';
import { registerAccessKeyRoutes } from './access-keys';
import { registerEnvironmentRoutes } from './environments';
import { registerPasswordRoutes } from './passwords';
import { registerIdentityProviderRoutes } from './identity-providers';
import { registerSsoRoutes } from './sso';
import { registerMemberRoutes } from './members';
import { registerOrganisationRoutes } from './organisations';
import { registerVersionRoutes } from './versions';

export function registerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerAuthRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerEnvironmentRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerIdentityProviderRoutes(app, ctx);
  registerOrganisationRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerAccessKeyRoutes(app, ctx);
  registerVersionRoutes(app, ctx);
}
