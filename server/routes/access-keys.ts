/** Access keys and webhooks of an environment (spec §3, §4 Webhooks, §8 webhook delivery). */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createAccessKey,
  createWebhook,
  deleteAccessKey,
  deleteWebhook,
  listAccessKeys,
  listWebhooks,
  testWebhook,
  updateWebhook,
  type Webhook,
  type WebhookErrorCode,
} from '../../src/contract/access-keys';
import { auditTarget } from '../audit';
import { newAccessKeySecret } from '../auth/access-keys';
import { hashToken } from '../crypto/token-hash';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { accessKeys, users, webhooks } from '../db/schema';
import { HttpError } from '../http-error';
import { deliver, encodePayload } from '../webhooks/deliver';
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { requestLanguage, translatorFor } from '../i18n/error-messages';
import { registerEndpoint } from './register';

const NOT_FOUND_CODES = { 'Access key': 'accessKeyNotFound', Webhook: 'webhookNotFound' } as const;
const notFound = (what: keyof typeof NOT_FOUND_CODES) => new HttpError(404, { message: `${what} not found`, code: NOT_FOUND_CODES[what] });

/** One answer whatever made the target unusable, so saving a webhook does not probe a network. */
const targetRefused = () =>
  new HttpError(400, {
    message: 'This address cannot receive webhooks: use a public http or https address.',
    code: 'webhookTargetRefused' satisfies WebhookErrorCode,
  });

function keyView(row: { id: string; name: string; prefix: string; owner: string | null; createdAt: Date; lastUsedAt: Date | null }) {
  return { ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** Enough to recognise a value, never enough to use it. */
export function maskSecret(value: string): string {
  return value.length <= 8 ? '••••' : `••••${value.slice(-4)}`;
}

function webhookView(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    url: row.url,
    type: row.type,
    format: row.format,
    active: row.active,
    authHeaderName: row.authHeaderName,
    authHeaderValueHint: row.authHeaderValueHint,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerAccessKeyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const keyColumns = {
    id: accessKeys.id,
    name: accessKeys.name,
    prefix: accessKeys.prefix,
    owner: users.username,
    createdAt: accessKeys.createdAt,
    lastUsedAt: accessKeys.lastUsedAt,
  };

  registerEndpoint(app, ctx, listAccessKeys, async ({ params }) => {
    const rows = await ctx.db
      .select(keyColumns)
      .from(accessKeys)
      .leftJoin(users, eq(users.id, accessKeys.ownerId))
      .where(eq(accessKeys.environmentId, params.envId))
      .orderBy(desc(accessKeys.createdAt));
    return rows.map(keyView);
  });

  registerEndpoint(app, ctx, createAccessKey, async ({ params, body, request, reply }) => {
    const { secret, prefix } = newAccessKeySecret();
    const principal = principalOf(request);
    const id = randomUUID();
    const [row] = await ctx.db
      .insert(accessKeys)
      .values({ id, environmentId: params.envId, name: body.name, prefix, secretHash: hashToken(secret), ownerId: principal.userId })
      .returning();
    auditTarget(request, { type: 'accessKey', id });
    reply.code(201);
    return { key: keyView({ ...row!, owner: principal.username }), secret };
  });

  registerEndpoint(app, ctx, deleteAccessKey, async ({ params, request }) => {
    const removed = await ctx.db
      .delete(accessKeys)
      .where(and(eq(accessKeys.id, params.keyId), eq(accessKeys.environmentId, params.envId)))
      .returning({ id: accessKeys.id });
    if (removed.length === 0) throw notFound('Access key');
    auditTarget(request, { type: 'accessKey', id: params.keyId });
  });

  registerEndpoint(app, ctx, listWebhooks, async ({ params }) => {
    const rows = await ctx.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.environmentId, params.envId))
      .orderBy(webhooks.createdAt);
    return rows.map(webhookView);
  });

  const sealedHeader = (value: string | null | undefined) =>
    value === undefined
      ? {}
      : value === null || value === ''
        ? { authHeaderValueEncrypted: null, authHeaderValueHint: null }
        : { authHeaderValueEncrypted: ctx.secrets.seal(value), authHeaderValueHint: maskSecret(value) };

  // When saved, the URL must not name a local target in any spelling, nor a name resolving to one;
  // deliveries check the address they connect to again (server/outbound/client.ts).
  const assertAllowedTarget = async (url: string | undefined) => {
    if (url !== undefined && !(await ctx.outbound.checkTarget(url)).allowed) throw targetRefused();
  };

  registerEndpoint(app, ctx, createWebhook, async ({ params, body, request, reply }) => {
    const { authHeaderValue, ...rest } = body;
    await assertAllowedTarget(rest.url);
    const id = randomUUID();
    const [row] = await ctx.db
      .insert(webhooks)
      .values({ id, environmentId: params.envId, ...rest, ...sealedHeader(authHeaderValue) })
      .returning();
    auditTarget(request, { type: 'webhook', id });
    reply.code(201);
    return webhookView(row!);
  });

  registerEndpoint(app, ctx, updateWebhook, async ({ params, body, request }) => {
    const { authHeaderValue, ...rest } = body;
    await assertAllowedTarget(rest.url);
    const changes = { ...rest, ...sealedHeader(authHeaderValue) };
    // A header without a name cannot be sent: removing the name removes the value too.
    if (rest.authHeaderName === null) Object.assign(changes, sealedHeader(null));
    const where = and(eq(webhooks.id, params.webhookId), eq(webhooks.environmentId, params.envId));
    const [row] =
      Object.keys(changes).length === 0
        ? await ctx.db.select().from(webhooks).where(where)
        : await ctx.db.update(webhooks).set(changes).where(where).returning();
    if (row === undefined) throw notFound('Webhook');
    auditTarget(request, { type: 'webhook', id: params.webhookId });
    return webhookView(row);
  });

  registerEndpoint(app, ctx, deleteWebhook, async ({ params, request }) => {
    const removed = await ctx.db
      .delete(webhooks)
      .where(and(eq(webhooks.id, params.webhookId), eq(webhooks.environmentId, params.envId)))
      .returning({ id: webhooks.id });
    if (removed.length === 0) throw notFound('Webhook');
    auditTarget(request, { type: 'webhook', id: params.webhookId });
  });

  registerEndpoint(app, ctx, testWebhook, async ({ params, request }) => {
    const [row] = await ctx.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, params.webhookId), eq(webhooks.environmentId, params.envId)));
    if (row === undefined) throw notFound('Webhook');
    auditTarget(request, { type: 'webhook', id: params.webhookId });
    const authHeader =
      row.authHeaderName && row.authHeaderValueEncrypted
        ? { name: row.authHeaderName, value: ctx.secrets.open(row.authHeaderValueEncrypted) }
        : null;
    const result = await deliver(
      ctx.outbound,
      { url: row.url, authHeader },
      // A test has no delivery to repeat: a fresh id each time.
      { deliveryId: randomUUID(), event: row.type, attempt: 1 },
      encodePayload(row.format, {
        test: true,
        type: row.type,
        environmentId: params.envId,
        sentAt: new Date().toISOString(),
        analysis: { id: 'test-analysis', name: 'Sample message.eml', status: 'processed', categories: ['sample_category'] },
      }),
    );
    if (result.cause !== null) request.log.info({ webhookId: params.webhookId, cause: result.cause }, 'test delivery not delivered');
    const { cause: _cause, ...shown } = result;
    // The stored form is keys; a program reads the sentence in its Accept-Language.
    return { ...shown, error: pipelineMessageText(translatorFor(requestLanguage(request)), shown.error) };
  });
}
