/**
 * The self-service webmail endpoints (src/contract/self-service-webmail.ts). Every handler
 * starts from `lightUserOf` and `ownUseCase` (light users, their own use cases only), then works on the
 * use case's Gmail connector with the integrations' code: the same OAuth (PKCE + single-use state),
 * the same enabling rule (§4), the same runs and write-backs as the full console's connectors.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { START_DATE_MAX_AGE_MS } from '../../src/contract/integrations';
import {
  checkSelfWebmailNow,
  completeSelfWebmail,
  connectSelfWebmail,
  disconnectSelfWebmail,
  getSelfWebmail,
  SELF_WEBMAIL_STATE_MARK,
  setSelfWebmailActive,
} from '../../src/contract/self-service-webmail';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { connectors } from '../db/schema-integrations';
import {
  completeConnectorAuthorization,
  queueManualRun,
  redirectUriOf,
  removeConnector,
  setConnectorActiveState,
  startOAuthAuthorization,
} from '../integrations/connector-actions';
import { lightUserOf, ownUseCase } from '../self-service/projects';
import { integrationDepsOf, notAuthorized, notConnected, webmailConnectorFor, webmailConnectorOf, webmailView } from '../self-service/webmail';
import { registerEndpoint } from './register';

export function registerSelfWebmailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const deps = { ...integrationDepsOf(ctx), log: (level: 'info' | 'warn' | 'error', details: Record<string, unknown>, message: string) => app.log[level](details, message) };
  /** The caller's own use case (404 for anyone else's) and its webmail connector, if any. */
  const caseOf = async (request: FastifyRequest, envId: string) => {
    const env = await ownUseCase(ctx, await lightUserOf(ctx, principalOf(request)), envId);
    auditTarget(request, { type: 'environment', id: env.id });
    return { env, row: await webmailConnectorOf(ctx, env.id) };
  };
  const connected = async (request: FastifyRequest, envId: string) => {
    const { row } = await caseOf(request, envId);
    if (row === null) throw notConnected();
    return row;
  };

  registerEndpoint(app, ctx, getSelfWebmail, async ({ params, request }) => webmailView(ctx, (await caseOf(request, params.envId)).row));

  registerEndpoint(app, ctx, connectSelfWebmail, async ({ params, body, request }) => {
    const { env } = await caseOf(request, params.envId);
    const row = await webmailConnectorFor(ctx, env.id, body.mailbox);
    // `<envId>.self.<nonce>`: the callback page finishes through completeSelfWebmail and comes back here.
    const state = `${env.id}.${SELF_WEBMAIL_STATE_MARK}.${randomBytes(24).toString('base64url')}`;
    const url = await startOAuthAuthorization(deps, row, redirectUriOf(ctx.links, row, request.headers.origin), state);
    return { url, webmail: await webmailView(ctx, row) };
  });

  registerEndpoint(app, ctx, completeSelfWebmail, async ({ params, body, request }) => {
    const { env } = await caseOf(request, params.envId);
    const [row] = await ctx.db.select().from(connectors).where(and(eq(connectors.oauthState, body.state), eq(connectors.environmentId, env.id), eq(connectors.type, 'gmail')));
    const updated = await completeConnectorAuthorization(deps, row, body.code, () => redirectUriOf(ctx.links, row!, request.headers.origin));
    return webmailView(ctx, updated);
  });

  registerEndpoint(app, ctx, setSelfWebmailActive, async ({ params, body, request }) => {
    const row = await connected(request, params.envId);
    if (body.active && row.state !== 'authorized') throw notAuthorized();
    return webmailView(ctx, await setConnectorActiveState(deps, row, body.active));
  });

  registerEndpoint(app, ctx, checkSelfWebmailNow, async ({ params, request }) => {
    const row = await connected(request, params.envId);
    if (row.state !== 'authorized' || row.settings.type !== 'gmail') throw notAuthorized();
    const now = new Date();
    // Mail already read is skipped (the connector's seen list), so a wide period costs only a listing.
    const from = new Date(Math.max(new Date(row.settings.gmail.startDate).getTime(), now.getTime() - START_DATE_MAX_AGE_MS));
    await queueManualRun(deps, row, from, now, false);
    return webmailView(ctx, row);
  });

  registerEndpoint(app, ctx, disconnectSelfWebmail, async ({ params, request }) => {
    await removeConnector(deps, await connected(request, params.envId));
    return webmailView(ctx, null);
  });
}
