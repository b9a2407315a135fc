/** Organisations as the provider's SRE manages them: list and create with a first administrator. */
import type { FastifyInstance } from 'fastify';
import { createOrganisation, listAllOrganisations } from '../../src/contract/provider-organisations';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { createOrganisationWithAdmin, listAllOrganisations as listAll } from '../organisations/provider';
import { registerEndpoint } from './register';

export function registerProviderOrganisationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, listAllOrganisations, () => listAll(ctx.db));
  registerEndpoint(app, ctx, createOrganisation, async ({ body, request, reply }) => {
    const created = await createOrganisationWithAdmin(ctx, request, body, principalOf(request).userId);
    // The entry is filed under the new organisation, so its admins find it in their audit log.
    auditTarget(request, { type: 'organisation', id: created.organisation.id, organisationId: created.organisation.id });
    reply.code(201);
    return created;
  });
}
