/** Access keys and webhooks of an environment (spec §3 Access key, Webhook; §4 Webhooks; §8). */
import { z } from 'zod';
import { access, defineEndpoint, plainText } from './define';
import { VALIDATION_MESSAGES } from './validation-messages';
import { WEBHOOK_ERROR_CODES } from './error-code-lists';
export { WEBHOOK_ERROR_CODES } from './error-code-lists';

const envParams = z.object({ envId: z.string().min(1) });

export const accessKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to tell keys apart. */
  prefix: z.string(),
  owner: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessKey = z.infer<typeof accessKeySchema>;

export const listAccessKeys = defineEndpoint({
  id: 'accessKeys.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/access-keys',
  summary: 'Access keys of an environment (never their secrets)',
  access: access.environment('envId', 'configurator'),
  params: envParams,
  response: z.array(accessKeySchema),
});

export const createAccessKey = defineEndpoint({
  id: 'accessKeys.create',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/access-keys',
  summary: 'Create an access key; its secret is in this answer only',
  access: access.environment('envId', 'configurator'),
  params: envParams,
  body: z.object({ name: plainText().trim().min(1).max(100) }),
  response: z.object({ key: accessKeySchema, secret: z.string() }),
});

export const deleteAccessKey = defineEndpoint({
  id: 'accessKeys.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}/access-keys/{keyId}',
  summary: 'Delete an access key',
  access: access.environment('envId', 'configurator'),
  params: envParams.extend({ keyId: z.string().min(1) }),
});

// ---- webhooks -----------------------------------------------------------------------------------

export const WEBHOOK_TYPES = ['analysis', 'consolidation', 'error'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const WEBHOOK_FORMATS = ['json', 'form'] as const;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  type: z.enum(WEBHOOK_TYPES),
  format: z.enum(WEBHOOK_FORMATS),
  active: z.boolean(),
  authHeaderName: z.string().nullable(),
  /** Never the value itself: its last characters masked (`••••1234`), or null when none is set. */
  authHeaderValueHint: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

const webhookUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);
const headerNameSchema = z.string().trim().regex(/^[A-Za-z0-9-]{1,100}$/, VALIDATION_MESSAGES.headerName);

/** Fields of a webhook as edited; no defaults here, so a partial update changes only what it names. */
const webhookFields = z.object({
  url: webhookUrlSchema,
  type: z.enum(WEBHOOK_TYPES),
  format: z.enum(WEBHOOK_FORMATS),
  active: z.boolean(),
  authHeaderName: headerNameSchema.nullable(),
  /** On update: absent keeps the stored value, null removes it. */
  authHeaderValue: z.string().max(2000).nullable(),
});

export const webhookBodySchema = webhookFields.extend({
  active: z.boolean().default(true),
  authHeaderName: headerNameSchema.nullable().default(null),
  authHeaderValue: z.string().max(2000).nullable().optional(),
});
export type WebhookBody = z.input<typeof webhookBodySchema>;

export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODES)[number];

export const listWebhooks = defineEndpoint({
  id: 'webhooks.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/webhooks',
  summary: 'Webhooks of an environment',
  access: access.environment('envId', 'configurator'),
  params: envParams,
  response: z.array(webhookSchema),
});

export const createWebhook = defineEndpoint({
  id: 'webhooks.create',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/webhooks',
  summary: 'Add a webhook (the authorization header value is stored encrypted); 400 webhookTargetRefused for a local target',
  access: access.environment('envId', 'configurator'),
  params: envParams,
  body: webhookBodySchema,
  response: webhookSchema,
});

const webhookParams = envParams.extend({ webhookId: z.string().min(1) });

export const updateWebhook = defineEndpoint({
  id: 'webhooks.update',
  method: 'PATCH',
  path: '/v4/console/api/environment/{envId}/webhooks/{webhookId}',
  summary: 'Edit, activate or deactivate a webhook; 400 webhookTargetRefused for a local target',
  access: access.environment('envId', 'configurator'),
  params: webhookParams,
  body: webhookFields.partial(),
  response: webhookSchema,
});

export const deleteWebhook = defineEndpoint({
  id: 'webhooks.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}/webhooks/{webhookId}',
  summary: 'Delete a webhook',
  access: access.environment('envId', 'configurator'),
  params: webhookParams,
});

export const testWebhook = defineEndpoint({
  id: 'webhooks.test',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/webhooks/{webhookId}/test',
  summary: 'Post a sample payload to the webhook and report the HTTP status or the error',
  access: access.environment('envId', 'configurator'),
  params: webhookParams,
  response: z.object({
    delivered: z.boolean(),
    statusCode: z.number().int().nullable(),
    /**
     * §8: "destination replied with HTTP status code {statusCode}", or "An internal error prevented
     * delivery." whatever went wrong before an answer (refused target, DNS, connection, timeout).
     */
    error: z.string().nullable(),
    durationMs: z.number().int(),
  }),
});
