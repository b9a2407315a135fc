/**
 * The self-service webmail of one use case (src/contract/self-service-webmail.ts): the
 * environment's Gmail connector of the integrations, seen in the §4 states a light user understands,
 * and created on first need with the platform's Google client and simple defaults. Everything done to
 * the connector afterwards goes through the integrations' own code (integrations/connector-actions.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { OutputMapping } from '../../src/contract/integrations';
import type { SelfWebmail } from '../../src/contract/self-service-webmail';
import type { ServerContext } from '../context';
import { connectorMessages, connectorRuns, connectors } from '../db/schema-integrations';
import { HttpError } from '../http-error';
import type { ConnectorRow, IntegrationDeps } from '../integrations/deps';
import { openSecrets, sealSecrets } from '../integrations/secrets';

/** What a light user's mailbox gets: the message's and the attachments' categories as labels (no draft). */
export const SELF_WEBMAIL_MAPPINGS: OutputMapping[] = [
  { dataType: 'messageCategories', source: '', target: 'labels' },
  { dataType: 'attachmentCategories', source: '', target: 'attachmentLabels' },
];

export const integrationDepsOf = (ctx: ServerContext): IntegrationDeps => ({ db: ctx.db, secrets: ctx.secrets, outbound: ctx.outbound, integrations: ctx.integrations });

const platformClientSet = (ctx: ServerContext) => Boolean(ctx.integrations.platformClientId && ctx.integrations.platformClientSecret);

/** The Google client this connector signs in with exists: its own (set by an admin) or the platform's. */
const canAuthorize = (ctx: ServerContext, row: ConnectorRow | null) =>
  row !== null && row.settings.type === 'gmail' && row.settings.gmail.customCredentials ? true : platformClientSet(ctx);

export const notConnected = () => new HttpError(404, { message: 'No mailbox is connected to this use case', code: 'selfWebmailNotConnected' });
export const notAuthorized = () => new HttpError(409, { message: 'Authorize the mailbox at Google first', code: 'selfWebmailNotAuthorized' });
const unavailable = () => new HttpError(409, { message: 'The platform has no Google client configured', code: 'selfWebmailUnavailable' });

/** The use case's webmail: its oldest Gmail connector (an admin may have made others: they stay theirs). */
export async function webmailConnectorOf(ctx: ServerContext, environmentId: string): Promise<ConnectorRow | null> {
  const [row] = await ctx.db
    .select()
    .from(connectors)
    .where(and(eq(connectors.environmentId, environmentId), eq(connectors.type, 'gmail')))
    .orderBy(asc(connectors.createdAt), asc(connectors.id))
    .limit(1);
  return row ?? null;
}

export async function webmailView(ctx: ServerContext, row: ConnectorRow | null): Promise<SelfWebmail> {
  if (row === null || row.settings.type !== 'gmail') {
    return { state: 'notConfigured', available: canAuthorize(ctx, null), mailbox: null, active: false, needsReauthorization: false, lastCheckAt: null, lastCheckFailed: false, quotaRenewsOn: null, checking: false, analysed: 0, labelled: 0 };
  }
  const [[messages], [labelled], [busy]] = await Promise.all([
    ctx.db.select({ n: count() }).from(connectorMessages).where(eq(connectorMessages.connectorId, row.id)),
    ctx.db
      .select({ n: count() })
      .from(connectorMessages)
      .where(and(eq(connectorMessages.connectorId, row.id), eq(connectorMessages.writeBack, 'done'))),
    ctx.db
      .select({ n: count() })
      .from(connectorRuns)
      .where(and(eq(connectorRuns.connectorId, row.id), inArray(connectorRuns.status, ['queued', 'running']))),
  ]);
  return {
    // §4: configuring until Google's answer came back once; then configured (maybe to authorize again).
    state: row.state === 'needsAuthorization' ? 'configuring' : 'configured',
    available: canAuthorize(ctx, row),
    mailbox: row.settings.gmail.user,
    active: row.active,
    needsReauthorization: row.state === 'reauthorize',
    lastCheckAt: row.lastExecutionAt?.toISOString() ?? null,
    lastCheckFailed: row.lastError !== null,
    quotaRenewsOn: row.lastError?.code === 'quotaReached' ? row.lastError.detail : null,
    checking: (busy?.n ?? 0) > 0,
    analysed: messages?.n ?? 0,
    labelled: labelled?.n ?? 0,
  };
}

/**
 * The connector to authorize for `mailbox`: created with the platform's client when the use case has
 * none; another address than the stored one starts afresh (disabled, read from now, old tokens dropped).
 */
export async function webmailConnectorFor(ctx: ServerContext, environmentId: string, mailbox: string, now = new Date()): Promise<ConnectorRow> {
  const existing = await webmailConnectorOf(ctx, environmentId);
  if (!canAuthorize(ctx, existing)) throw unavailable();
  const name = `Gmail · ${mailbox}`.slice(0, 100);
  if (existing === null) {
    const [row] = await ctx.db
      .insert(connectors)
      .values({
        id: randomUUID(),
        environmentId,
        name,
        type: 'gmail',
        settings: { type: 'gmail', gmail: { customCredentials: false, clientId: '', redirectUri: '', user: mailbox, startDate: now.toISOString(), blacklist: [] } },
        secretsSealed: sealSecrets(ctx.secrets, {}),
        customFields: [],
        outputMappings: SELF_WEBMAIL_MAPPINGS,
      })
      .returning();
    return row!;
  }
  if (existing.settings.type !== 'gmail' || existing.settings.gmail.user.toLowerCase() === mailbox.toLowerCase()) return existing;
  const { accessToken: _access, refreshToken: _refresh, accessTokenExpiresAt: _expiry, ...kept } = openSecrets(ctx.secrets, existing.secretsSealed);
  const [row] = await ctx.db
    .update(connectors)
    .set({
      name,
      settings: { type: 'gmail', gmail: { ...existing.settings.gmail, user: mailbox, startDate: now.toISOString() } },
      secretsSealed: sealSecrets(ctx.secrets, kept),
      state: 'needsAuthorization',
      active: false,
      cursorAt: null,
      nextRunAt: null,
      lastError: null,
    })
    .where(eq(connectors.id, existing.id))
    .returning();
  return row!;
}
