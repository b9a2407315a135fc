/**
 * Integrations (spec §2.2 env-management integrations and the callback routes, §2.4, §3
 * Connector / Custom field / Output field mapping, §4, §5, §7.3, §8, §9): connectors that read a
 * mailbox, queue each new message as an analysis, and write the results back into the mailbox.
 *
 * - Settings are plain fields (shown to the console); secrets (password, client secret, OAuth
 *   tokens) are sealed at rest by the server and never sent back: the console learns only which
 *   secrets are set (`secretsSet`).
 * - A connector is enabled only once authorized (§4): IMAP by a successful login, Microsoft 365 by a
 *   client-credentials token from its tenant, Gmail by the
 *   OAuth 2.0 code flow (PKCE + state) whose callback is the console's integrations/gmail/callback.
 * - Output mappings say which analysis result goes to which connector field (labels, draft...); a
 *   custom field is a further target, written as `technicalName/value` labels (extracted data labels).
 */
import { z } from 'zod';
import { connectorTypeSchema, type ConnectorType } from './connector-types';
import { access, defineEndpoint, plainText } from './define';
import { gmailSettingsSchema } from './integrations-gmail';
import { imapSettingsSchema } from './integrations-imap';
import { jiraSettingsSchema } from './integrations-jira';
import { m365SettingsSchema } from './integrations-m365';
import { isoDate } from './integrations-mailbox';
import { customFieldSchema, outputMappingSchema } from './integrations-mappings';
import { n8nSettingsSchema } from './integrations-n8n';
import { salesforceSettingsSchema } from './integrations-salesforce';
import { CONNECTOR_ERROR_CODES } from './error-code-lists';
export { CONNECTOR_ERROR_CODES } from './error-code-lists';

// Each type's settings and the mappings live in their own files; importers keep importing them from here.
export { gmailSettingsSchema, type GmailSettings } from './integrations-gmail';
export { imapSettingsSchema, type ImapSettings } from './integrations-imap';
export { m365SettingsSchema, type M365Settings } from './integrations-m365';
export { START_DATE_MAX_AGE_MS } from './integrations-mailbox';
export { CONNECTOR_FIELDS, customFieldSchema, type ConnectorField, DEFAULT_MAPPINGS, OUTPUT_DATA_TYPES, outputMappingSchema, type CustomField, type OutputDataType, type OutputMapping } from './integrations-mappings';

export { CONNECTOR_TYPES, connectorTypeSchema, type ConnectorType } from './connector-types';

/**
 * What each type is, for the server's job and the console's wizard alike:
 * - kind `mailbox`: reads new mail into analyses and writes the results back on each message;
 *   `records`: takes the environment's finished analyses (whatever brought them) and writes each as a
 *   record there (an issue, a Case, a workflow call);
 * - authorization `login` (a check with the credentials given), `oauth` (the provider's consent page,
 *   then its callback route), `external` (the console's integrations/external page, where the admin
 *   agrees to what the platform creates in their tool);
 * - callbackPath: the console route the provider comes back to, for the types that can sign in with
 *   OAuth (Salesforce's web-server flow, a mail server's OAuth 2.0). The mail server shares the
 *   webmail's route: the `state` it brings back names the connector. The server builds the redirect
 *   URI from it and the console shows it, so both say the same.
 */
export const CONNECTOR_PROFILES = {
  gmail: { kind: 'mailbox', authorization: 'oauth', callbackPath: '/integrations/gmail/callback' },
  m365: { kind: 'mailbox', authorization: 'login', callbackPath: null },
  imap: { kind: 'mailbox', authorization: 'login', callbackPath: '/integrations/gmail/callback' },
  jira: { kind: 'records', authorization: 'oauth', callbackPath: '/integrations/jira/callback' },
  salesforce: { kind: 'records', authorization: 'login', callbackPath: '/integrations/salesforce/callback' },
  n8n: { kind: 'records', authorization: 'external', callbackPath: null },
} as const satisfies Record<ConnectorType, { kind: 'mailbox' | 'records'; authorization: 'login' | 'oauth' | 'external'; callbackPath: string | null }>;

/**
 * How a stored connector is authorized: its type's profile, except Salesforce's web-server flow,
 * which goes through the org's consent page and integrations/salesforce/callback like an OAuth type,
 * and a mail server signing in with OAuth 2.0, which goes through its provider's consent page like
 * the webmail.
 */
export function authorizationOf(settings: ConnectorSettings): 'login' | 'oauth' | 'external' {
  if (settings.type === 'salesforce' && settings.salesforce.type === 'webServer') return 'oauth';
  if (settings.type === 'imap' && settings.imap.auth === 'oauth2') return 'oauth';
  return CONNECTOR_PROFILES[settings.type].authorization;
}

/** §4/§8: `reauthorize` when renewing the token failed (webmail misconfigured). */
export const CONNECTOR_STATES = ['needsAuthorization', 'authorized', 'reauthorize'] as const;
export type ConnectorState = (typeof CONNECTOR_STATES)[number];

export const connectorSettingsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('imap'), imap: imapSettingsSchema }),
  z.object({ type: z.literal('gmail'), gmail: gmailSettingsSchema }),
  z.object({ type: z.literal('m365'), m365: m365SettingsSchema }),
  z.object({ type: z.literal('jira'), jira: jiraSettingsSchema }),
  z.object({ type: z.literal('salesforce'), salesforce: salesforceSettingsSchema }),
  z.object({ type: z.literal('n8n'), n8n: n8nSettingsSchema }),
]);
export type ConnectorSettings = z.infer<typeof connectorSettingsSchema>;

/** A mailbox connector's start date (§5) and blacklist; null for record connectors. */
export function mailboxOf(settings: ConnectorSettings): { startDate: string; blacklist: readonly string[] } | null {
  if (settings.type === 'imap') return settings.imap;
  if (settings.type === 'gmail') return settings.gmail;
  if (settings.type === 'm365') return settings.m365;
  return null;
}

/** The secrets each type takes (write-only). */
export const CONNECTOR_SECRETS: Record<ConnectorType, readonly string[]> = {
  // clientSecret with OAuth 2.0 sign-in.
  imap: ['password', 'clientSecret'],
  gmail: ['clientSecret'],
  m365: ['clientSecret'],
  jira: ['clientSecret'],
  // privateKey only in the provided-key mode; password and clientSecret for the credentials type.
  salesforce: ['privateKey', 'clientSecret', 'password'],
  n8n: ['apiKey'],
};
export const connectorSecretsSchema = z.record(z.string().regex(/^[a-zA-Z]+$/), z.string().max(4000));

export type ConnectorErrorCode = (typeof CONNECTOR_ERROR_CODES)[number];

/** A connector's last failure as stored and sent: the code the console translates and its detail (e.g. quotaReached's renewal date). */
export const connectorFailureSchema = z.object({ code: z.enum(CONNECTOR_ERROR_CODES), detail: z.string().nullable() });
export type ConnectorFailure = z.infer<typeof connectorFailureSchema>;

export const RUN_STATUSES = ['queued', 'running', 'done', 'error'] as const;
export const connectorRunSchema = z.object({
  id: z.string(),
  connectorId: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  fromDate: z.string(),
  toDate: z.string(),
  forceDuplicates: z.boolean(),
  status: z.enum(RUN_STATUSES),
  /** Progress: messages found in the period, analyses created, messages skipped (seen or blacklisted). */
  found: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  error: connectorFailureSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ConnectorRun = z.infer<typeof connectorRunSchema>;

export const connectorSchema = z.object({
  id: z.string(),
  environmentId: z.string(),
  name: z.string(),
  type: connectorTypeSchema,
  settings: connectorSettingsSchema,
  /** Names of the secrets stored (values are never sent). */
  secretsSet: z.array(z.string()),
  active: z.boolean(),
  state: z.enum(CONNECTOR_STATES),
  lastExecutionAt: z.string().nullable(),
  lastError: connectorFailureSchema.nullable(),
  customFields: z.array(customFieldSchema),
  outputMappings: z.array(outputMappingSchema),
  createdAt: z.string(),
});
export type Connector = z.infer<typeof connectorSchema>;

const envParams = z.object({ envId: z.string().min(1) });
const connectorParams = envParams.extend({ connectorId: z.string().min(1) });
const configurator = access.environment('envId', 'configurator');

const connectorBody = z.object({
  name: plainText().trim().min(1).max(100),
  settings: connectorSettingsSchema,
  /** Absent or empty values keep what is stored. */
  secrets: connectorSecretsSchema.default({}),
  customFields: z.array(customFieldSchema).max(50).default([]),
  outputMappings: z.array(outputMappingSchema).max(50).optional(),
});

export const listConnectors = defineEndpoint({
  id: 'integrations.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/connectors',
  summary: "An environment's connectors, each with its latest run and the one running (with progress), newest first",
  access: configurator,
  params: envParams,
  response: z.object({ connectors: z.array(connectorSchema), runs: z.array(connectorRunSchema) }),
});

export const createConnector = defineEndpoint({
  id: 'integrations.create',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors',
  summary: 'Create a connector, disabled and not yet authorized',
  access: configurator,
  params: envParams,
  body: connectorBody,
  response: connectorSchema,
});

export const updateConnector = defineEndpoint({
  id: 'integrations.update',
  method: 'PUT',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}',
  summary: "Change a connector's settings, secrets, custom fields and output mappings",
  access: configurator,
  params: connectorParams,
  body: connectorBody.extend({ outputMappings: z.array(outputMappingSchema).max(50) }),
  response: connectorSchema,
});

export const setConnectorActive = defineEndpoint({
  id: 'integrations.setActive',
  method: 'PATCH',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}/active',
  summary: 'Enable (only once authorized, §4) or disable a connector',
  access: configurator,
  params: connectorParams,
  body: z.object({ active: z.boolean() }),
  response: connectorSchema,
});

export const deleteConnector = defineEndpoint({
  id: 'integrations.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}',
  summary: 'Delete a connector, its runs and the list of messages it has seen',
  access: configurator,
  params: connectorParams,
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * §8 with the tool out of reach: the admin deletes the connector anyway, knowing the workflow stays
 * in n8n. Its own operation, so the audit log says the workflow was left there; `keepWorkflow` must be
 * sent, so nothing deletes this way by accident.
 */
export const deleteConnectorKeepingWorkflow = defineEndpoint({
  id: 'integrations.deleteKeepingWorkflow',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}/delete-keeping-workflow',
  summary: 'Delete a workflow-automation connector without deleting its workflow (the tool could not be reached or refused the key)',
  access: configurator,
  params: connectorParams,
  body: z.object({ keepWorkflow: z.literal(true) }),
  response: z.object({ deleted: z.literal(true) }),
});

export const authorizeConnector = defineEndpoint({
  id: 'integrations.authorize',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}/authorize',
  summary: 'Start the authorization: the provider page to open (OAuth), or a login checked now (IMAP)',
  access: configurator,
  params: connectorParams,
  response: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('redirect'), url: z.string() }),
    z.object({ kind: z.literal('done'), connector: connectorSchema }),
  ]),
});

export const completeAuthorization = defineEndpoint({
  id: 'integrations.completeAuthorization',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors/oauth-callback',
  summary: "Finish an OAuth authorization with the provider's code and the state it was started with",
  access: configurator,
  params: envParams,
  body: z.object({ state: z.string().min(1).max(300), code: z.string().min(1).max(2000) }),
  /** The project, so the console's callback page goes back to the integrations tab. */
  response: z.object({ connector: connectorSchema, projectId: z.string() }),
});

export const checkConnector = defineEndpoint({
  id: 'integrations.healthCheck',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}/health',
  summary: 'Connect to the provider with the stored credentials (§7.3 health check)',
  access: configurator,
  params: connectorParams,
  response: z.object({ ok: z.boolean(), code: z.enum(CONNECTOR_ERROR_CODES).nullable(), detail: z.string().nullable() }),
});

export const runConnector = defineEndpoint({
  id: 'integrations.run',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}/runs',
  summary: 'Queue a manual run over a period (§7.3: fromDate, toDate, forceDuplicates)',
  access: configurator,
  params: connectorParams,
  body: z.object({ fromDate: isoDate, toDate: isoDate, forceDuplicates: z.boolean().default(false) }),
  response: connectorRunSchema,
});

/** §4 the CRM connector's auto-generated key: step 1, generate (the answer is step 2's download). */
export const generateConnectorCertificate = defineEndpoint({
  id: 'integrations.generateCertificate',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/connectors/{connectorId}/certificate',
  summary: 'Generate the CRM connector key pair; answers the certificate to place in the connected app (the connector must be authorized again)',
  access: configurator,
  params: connectorParams,
  response: z.object({ certificate: z.string(), expiresAt: z.string() }),
});

export const integrationEndpoints = [
  listConnectors,
  createConnector,
  updateConnector,
  setConnectorActive,
  deleteConnector,
  deleteConnectorKeepingWorkflow,
  authorizeConnector,
  completeAuthorization,
  checkConnector,
  runConnector,
  generateConnectorCertificate,
] as const;
