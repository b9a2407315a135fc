/** Connector routes (contract: src/contract/integrations.ts; engine: server/integrations/). */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authorizationOf,
  authorizeConnector,
  checkConnector,
  completeAuthorization,
  createConnector,
  DEFAULT_MAPPINGS,
  mailboxOf,
  deleteConnector,
  deleteConnectorKeepingWorkflow,
  generateConnectorCertificate,
  listConnectors,
  runConnector,
  setConnectorActive,
  updateConnector,
  type ConnectorSettings,
} from '../../src/contract/integrations';
import type { ServerContext } from '../context';
import { connectorRuns, connectors } from '../db/schema-integrations';
import { forbidden, isOrganisationAdmin, type Scope } from '../auth/permissions';
import { HttpError } from '../http-error';
import { generateCertificate } from '../integrations/drivers/certificate';
import { checkConnectorBody } from '../integrations/checks';
import { driverContext, type ConnectorRow, type IntegrationDeps } from '../integrations/deps';
import { DRIVERS } from '../integrations/drivers/index';
import {
  completeConnectorAuthorization,
  failureAnswer,
  queueManualRun,
  redirectUriOf as redirectUriFor,
  removeConnector,
  setConnectorActiveState,
  startOAuthAuthorization,
} from '../integrations/connector-actions';
import { ConnectorError, describeFailure } from '../integrations/errors';
import { mergeUserSecrets, openSecrets, sealSecrets } from '../integrations/secrets';
import { connectorView, runView } from '../integrations/views';
import { registerEndpoint } from './register';

const caseFiltersOf = (settings: ConnectorSettings) => (settings.type === 'salesforce' ? settings.salesforce.customCaseFilters : []);
/**
 * What a connector's authorization was given for: the app, the account or mailbox, the org or the
 * instance. Changing one of them (not a name, a folder or a mapping) needs a new authorization (§4):
 * the stored session is dropped and the connector disabled until then.
 */
const signInOf = (settings: ConnectorSettings): unknown => {
  switch (settings.type) {
    case 'imap': {
      // A mail server's OAuth 2.0 tokens belong to its provider, app and user; a password is checked at each login.
      const { auth, user, oauth } = settings.imap;
      return auth === 'oauth2' ? { auth, user, provider: oauth.provider, clientId: oauth.clientId, tenant: oauth.tenant, tokenUrl: oauth.tokenUrl } : { auth };
    }
    case 'gmail': {
      // The platform's client unless the connector brings its own.
      const { customCredentials, clientId, user } = settings.gmail;
      return { customCredentials, clientId: customCredentials ? clientId : '', user };
    }
    case 'm365': {
      const { clientId, tenantId, user } = settings.m365;
      return { clientId, tenantId, user };
    }
    case 'jira':
      return { clientId: settings.jira.clientId };
    case 'salesforce': {
      const { clientId, domain, user, type } = settings.salesforce;
      return { clientId, domain, user, type };
    }
    case 'n8n':
      // Another instance: the platform's workflow is to be created there.
      return { baseUrl: settings.n8n.baseUrl };
  }
};
const notFound = () => new HttpError(404, { message: 'Connector not found', code: 'connectorNotFound' });

/**
 * A Gmail connector on the platform's Google client, on a server where the operator set none, could
 * never be authorized: refused when saved rather than failing at its first authorization.
 */
const checkUsableCredentials = (settings: ConnectorSettings, integrations: ServerContext['integrations']) => {
  if (settings.type !== 'gmail' || settings.gmail.customCredentials) return;
  if (integrations.platformClientId && integrations.platformClientSecret) return;
  throw new HttpError(400, { message: 'This server has no Google client of its own: give the connector its own credentials', code: 'missingSecret', providerCode: 'platformCredentials' });
};

export function registerIntegrationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const deps: IntegrationDeps = {
    db: ctx.db,
    secrets: ctx.secrets,
    outbound: ctx.outbound,
    integrations: ctx.integrations,
    log: (level, details, message) => app.log[level](details, message),
  };
  const find = async (envId: string, connectorId: string): Promise<ConnectorRow> => {
    const [row] = await ctx.db.select().from(connectors).where(and(eq(connectors.id, connectorId), eq(connectors.environmentId, envId)));
    if (row === undefined) throw notFound();
    return row;
  };
  const view = (row: ConnectorRow) => connectorView(ctx.secrets, row);
  const redirectUriOf = (row: ConnectorRow, origin: string | undefined) => redirectUriFor(ctx.links, row, origin);

  /** §6: the CRM connector's custom case filters are changed by organisation admins only. */
  const adminOnlyFilters = async (request: FastifyRequest, scope: Scope, stored: readonly unknown[], next: ConnectorSettings) => {
    if (JSON.stringify(caseFiltersOf(next)) === JSON.stringify(stored)) return;
    if (request.principal === null || !(await isOrganisationAdmin(ctx, request.principal, scope.organisationId ?? ''))) throw forbidden('Only organisation admins may change the case filters', 'organisationAdminOnly');
  };

  registerEndpoint(app, ctx, listConnectors, async ({ params }) => {
    const rows = await ctx.db.select().from(connectors).where(eq(connectors.environmentId, params.envId)).orderBy(connectors.createdAt, connectors.id);
    return { connectors: rows.map(view), runs: (await shownRuns(rows.map((row) => row.id))).map(runView) };
  });

  /**
   * Each connector's latest run and the one running, whatever the others do (a busy connector's
   * queue never hides a quieter one's progress), newest first.
   */
  async function shownRuns(connectorIds: string[]) {
    if (connectorIds.length === 0) return [];
    const latest = await ctx.db
      .selectDistinctOn([connectorRuns.connectorId])
      .from(connectorRuns)
      .where(inArray(connectorRuns.connectorId, connectorIds))
      .orderBy(connectorRuns.connectorId, desc(connectorRuns.createdAt), desc(connectorRuns.id));
    const running = await ctx.db
      .select()
      .from(connectorRuns)
      .where(and(inArray(connectorRuns.connectorId, connectorIds), eq(connectorRuns.status, 'running')));
    const byId = new Map([...latest, ...running].map((run) => [run.id, run]));
    return [...byId.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  }

  registerEndpoint(app, ctx, createConnector, async ({ params, body, reply, request, scope }) => {
    const mappings = body.outputMappings ?? DEFAULT_MAPPINGS[body.settings.type];
    checkConnectorBody(body.settings, mappings, body.customFields);
    checkUsableCredentials(body.settings, ctx.integrations);
    await adminOnlyFilters(request, scope, [], body.settings);
    const [row] = await ctx.db
      .insert(connectors)
      .values({
        id: randomUUID(),
        environmentId: params.envId,
        name: body.name,
        type: body.settings.type,
        settings: body.settings,
        secretsSealed: sealSecrets(ctx.secrets, mergeUserSecrets({}, body.secrets)),
        customFields: body.customFields,
        outputMappings: mappings,
      })
      .returning();
    reply.code(201);
    return view(row!);
  });

  registerEndpoint(app, ctx, updateConnector, async ({ params, body, request, scope }) => {
    const row = await find(params.envId, params.connectorId);
    if (body.settings.type !== row.type) throw new HttpError(400, { message: 'The type of a connector cannot change', code: 'unknownMappingTarget', target: 'type' });
    await adminOnlyFilters(request, scope, caseFiltersOf(row.settings), body.settings);
    const previous = mailboxOf(row.settings)?.startDate ?? null;
    checkConnectorBody(body.settings, body.outputMappings, body.customFields, previous);
    checkUsableCredentials(body.settings, ctx.integrations);
    const stored = mergeUserSecrets(openSecrets(ctx.secrets, row.secretsSealed), body.secrets);
    // Another org, app, user, instance or way of signing in: the session no longer holds, authorize again (§4).
    const signInChanged = JSON.stringify(signInOf(row.settings)) !== JSON.stringify(signInOf(body.settings));
    const { accessToken: _a, refreshToken: _r, accessTokenExpiresAt: _e, instanceUrl: _i, workflowId: _w, webhookPath: _p, ...withoutSession } = stored;
    const [updated] = await ctx.db
      .update(connectors)
      .set({
        name: body.name,
        settings: body.settings,
        ...(signInChanged ? { state: 'needsAuthorization' as const, active: false } : {}),
        secretsSealed: sealSecrets(ctx.secrets, signInChanged ? withoutSession : stored),
        customFields: body.customFields,
        outputMappings: body.outputMappings,
      })
      .where(eq(connectors.id, row.id))
      .returning();
    return view(updated!);
  });

  registerEndpoint(app, ctx, setConnectorActive, async ({ params, body }) => {
    // §4: enabling needs the authorization step first.
    return view(await setConnectorActiveState(deps, await find(params.envId, params.connectorId), body.active));
  });

  registerEndpoint(app, ctx, deleteConnector, async ({ params }) => {
    await removeConnector(deps, await find(params.envId, params.connectorId));
    return { deleted: true as const };
  });

  registerEndpoint(app, ctx, deleteConnectorKeepingWorkflow, async ({ params }) => {
    await removeConnector(deps, await find(params.envId, params.connectorId), { keepExternal: true });
    return { deleted: true as const };
  });

  registerEndpoint(app, ctx, authorizeConnector, async ({ params, request }) => {
    const row = await find(params.envId, params.connectorId);
    const driver = DRIVERS[row.type];
    const authorization = authorizationOf(row.settings);
    if (authorization === 'login') {
      try {
        await driver.authorizeNow!(driverContext(deps, row), row.name);
      } catch (error) {
        throw failureAnswer(error, deps.log);
      }
      const [updated] = await ctx.db.update(connectors).set({ state: 'authorized', lastError: null }).where(eq(connectors.id, row.id)).returning();
      return { kind: 'done' as const, connector: view(updated!) };
    }
    // The environment travels in the state so the console's callback page knows where to finish.
    const state = `${params.envId}.${randomBytes(24).toString('base64url')}`;
    if (authorization === 'external') {
      // §2.2 integrations/external: the admin agrees there to what the platform creates in their tool.
      await ctx.db.update(connectors).set({ oauthState: state }).where(eq(connectors.id, row.id));
      return { kind: 'redirect' as const, url: `${ctx.links.baseFor(request.headers.origin)}/integrations/external?state=${encodeURIComponent(state)}` };
    }
    return { kind: 'redirect' as const, url: await startOAuthAuthorization(deps, row, redirectUriOf(row, request.headers.origin), state) };
  });

  registerEndpoint(app, ctx, completeAuthorization, async ({ params, body, request, scope }) => {
    const [row] = await ctx.db.select().from(connectors).where(and(eq(connectors.oauthState, body.state), eq(connectors.environmentId, params.envId)));
    const updated = await completeConnectorAuthorization(deps, row, body.code, () => redirectUriOf(row!, request.headers.origin));
    return { connector: view(updated), projectId: scope.projectId ?? '' };
  });

  registerEndpoint(app, ctx, generateConnectorCertificate, async ({ params }) => {
    const row = await find(params.envId, params.connectorId);
    if (row.settings.type !== 'salesforce' || row.settings.salesforce.type !== 'jwt' || row.settings.salesforce.privateKeyMode !== 'generated') {
      throw new HttpError(400, { message: 'This connector does not use a generated certificate', code: 'notCertificateConnector' });
    }
    const generated = await generateCertificate(row.name);
    const secrets = { ...openSecrets(ctx.secrets, row.secretsSealed), privateKey: generated.privateKeyPem, accessToken: undefined, instanceUrl: undefined };
    // A new key must be placed in the connected app before the connector signs in again (§4 steps 2-4).
    await ctx.db
      .update(connectors)
      .set({ secretsSealed: sealSecrets(ctx.secrets, secrets), state: 'needsAuthorization', active: false })
      .where(eq(connectors.id, row.id));
    return { certificate: generated.certificatePem, expiresAt: generated.expiresAt };
  });

  registerEndpoint(app, ctx, checkConnector, async ({ params, request }) => {
    const row = await find(params.envId, params.connectorId);
    try {
      if (row.state === 'needsAuthorization' && authorizationOf(row.settings) !== 'login') throw new ConnectorError('connectorNotAuthorized');
      await DRIVERS[row.type].healthCheck(driverContext(deps, row));
      return { ok: true, code: null, detail: null };
    } catch (error) {
      const { code, detail, logDetail } = describeFailure(error);
      if (logDetail !== null) request.log.warn({ code, cause: logDetail }, 'connector server not reached');
      if (code === 'reauthorize') await ctx.db.update(connectors).set({ state: 'reauthorize', lastError: { code, detail: null } }).where(eq(connectors.id, row.id));
      return { ok: false, code, detail };
    }
  });

  registerEndpoint(app, ctx, runConnector, async ({ params, body, reply }) => {
    const run = await queueManualRun(deps, await find(params.envId, params.connectorId), new Date(body.fromDate), new Date(body.toDate), body.forceDuplicates);
    reply.code(201);
    return runView(run);
  });
}
