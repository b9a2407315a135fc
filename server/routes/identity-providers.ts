/** An organisation admin's settings of its OpenID Connect identity provider (single sign-on). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deleteIdentityProvider, getIdentityProvider, putIdentityProvider } from '../../src/contract/sso';
import type { ServerContext } from '../context';
import { organisationIdentityProviders } from '../db/schema';
import { HttpError } from '../http-error';
import { providerOfOrganisation } from '../sso/accounts';
import { registerEndpoint } from './register';

export function registerIdentityProviderRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getIdentityProvider, async ({ params }) => {
    // None set is an ordinary answer: a 404 would be logged by the browser on every settings visit.
    return providerOfOrganisation(ctx.db, ctx.secrets, params.orgaId);
  });

  registerEndpoint(app, ctx, putIdentityProvider, async ({ params, body }) => {
    const fields = { issuer: body.issuer, clientId: body.clientId, emailDomain: body.emailDomain };
    // The secret is never shown again: a form that leaves it empty keeps the stored one.
    const clientSecret = body.clientSecret ?? (await providerOfOrganisation(ctx.db, ctx.secrets, params.orgaId))?.clientSecret;
    if (clientSecret === undefined) {
      throw new HttpError(400, { message: 'The client secret is required for a new identity provider', code: 'ssoSecretRequired' });
    }
    // Refuse a provider that cannot be used rather than lock the organisation's members out later.
    await ctx.sso.oidc.configuration({ ...fields, clientSecret });
    if (body.clientSecret === undefined) {
      await ctx.db.update(organisationIdentityProviders).set(fields).where(eq(organisationIdentityProviders.organisationId, params.orgaId));
    } else {
      // Stored sealed: a database dump alone does not give away the organisation's client secret.
      const stored = { ...fields, clientSecret: ctx.secrets.seal(body.clientSecret) };
      await ctx.db
        .insert(organisationIdentityProviders)
        .values({ ...stored, organisationId: params.orgaId })
        .onConflictDoUpdate({ target: organisationIdentityProviders.organisationId, set: stored });
    }
    return fields;
  });

  registerEndpoint(app, ctx, deleteIdentityProvider, async ({ params }) => {
    await ctx.db.delete(organisationIdentityProviders).where(eq(organisationIdentityProviders.organisationId, params.orgaId));
  });
}
