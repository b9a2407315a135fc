/** The use-case library: templates and published kits, for the library page and the self-service area. */
import type { FastifyInstance } from 'fastify';
import { listUseCases } from '../../src/contract/use-cases';
import type { ServerContext } from '../context';
import { requestLanguage } from '../i18n/error-messages';
import { useCaseLibrary } from '../use-cases/library';
import { registerEndpoint } from './register';

export function registerUseCaseRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, listUseCases, ({ params, request }) => useCaseLibrary(ctx.db, params.orgaId, requestLanguage(request)));
}
