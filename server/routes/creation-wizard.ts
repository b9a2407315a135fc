/** `configuration.wizard`: the advanced creation wizard's one-transaction write. */
import type { FastifyInstance } from 'fastify';
import { runCreationWizard } from '../../src/contract/creation-wizard';
import { auditTarget } from '../audit';
import type { ServerContext } from '../context';
import { runWizard } from '../configuration/creation-wizard';
import { registerEndpoint } from './register';

export function registerCreationWizardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, runCreationWizard, async ({ params, body, scope, request, reply }) => {
    const result = await runWizard(ctx.db, params.envId, scope.projectId ?? '', body);
    auditTarget(request, { type: 'nluInteraction', id: result.interactionId });
    reply.code(201);
    return result;
  });
}
