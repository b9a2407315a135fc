/**
 * Workflow-automation connector on n8n's public REST API (`/api/v1`, `X-N8N-API-KEY`): creates the
 * platform's workflow (a Webhook trigger node, tagged `postroom`, activated), posts each finished
 * analysis to its production webhook, and deletes it with the connector only once it carries the
 * `Delete` tag (§8) — or not at all when the admin deletes the connector anyway while the instance is
 * out of reach (connector-actions.ts).
 */
import { randomUUID } from 'node:crypto';
import { N8N_DELETE_TAG, N8N_TAG } from '../../../src/contract/integrations-n8n';
import { ConnectorError } from '../errors';
import type { ConnectorDriver, DriverContext, WriteBack } from './types';

/** Secrets: apiKey; workflowId and webhookPath once the workflow exists. */
type N8nContext = DriverContext;

const base = (ctx: Pick<DriverContext, 'settings'>) => {
  if (ctx.settings.type !== 'n8n') throw new Error('not an n8n connector');
  return ctx.settings.n8n.baseUrl.replace(/\/+$/, '');
};

/** One call to the API, answered whatever its status; a failure to reach the instance throws as the outbound client says. */
async function send(ctx: N8nContext, method: string, path: string, body?: unknown) {
  if (!ctx.secrets.apiKey) throw new ConnectorError('missingSecret', 'apiKey');
  return ctx.outbound.fetch(`${base(ctx)}/api/v1${path}`, {
    method,
    headers: { 'x-n8n-api-key': ctx.secrets.apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: 30_000,
  });
}

const parsed = <T>(response: { body: Buffer }) => JSON.parse(response.body.toString('utf8') || '{}') as T;

async function api<T>(ctx: N8nContext, method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(ctx, method, path, body);
  if (response.status === 401 || response.status === 403) throw new ConnectorError('authorizationFailed', `HTTP ${response.status}`);
  if (response.status < 200 || response.status >= 300) throw new ConnectorError('healthCheckFailed', `n8n ${method} ${path.split('?')[0]} → HTTP ${response.status}`);
  return parsed<T>(response);
}

/**
 * A call made while deleting the connector, where the admin needs to know which of two things went
 * wrong to choose what to do: the instance refused the key (`n8nKeyRefused`) or could not be reached
 * or failed (`n8nUnreachable`). Answers null for 404: the workflow was already deleted in n8n.
 */
async function deletionCall<T>(ctx: N8nContext, method: string, path: string): Promise<T | null> {
  let response;
  try {
    response = await send(ctx, method, path);
  } catch (error) {
    // Every way of not reaching it is one detail (integrations/errors.ts); the reason goes to the log.
    if (error instanceof Error && error.name === 'OutboundError') throw new ConnectorError('n8nUnreachable', 'no answer', `outbound ${(error as Error & { reason?: string }).reason ?? 'failure'}`);
    throw error;
  }
  if (response.status === 404) return null;
  if (response.status === 401 || response.status === 403) throw new ConnectorError('n8nKeyRefused', `HTTP ${response.status}`);
  if (response.status >= 500) throw new ConnectorError('n8nUnreachable', `HTTP ${response.status}`);
  if (response.status < 200 || response.status >= 300) throw new ConnectorError('healthCheckFailed', `n8n ${method} ${path} → HTTP ${response.status}`);
  return parsed<T>(response);
}

/** The workflow the platform owns: one Webhook trigger answering at once. */
function workflowBody(name: string, path: string) {
  return {
    name,
    nodes: [
      {
        id: randomUUID(),
        name: 'Postroom',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: randomUUID(),
        parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
      },
    ],
    connections: {},
    settings: { executionOrder: 'v1' },
  };
}

async function tagId(ctx: N8nContext, name: string): Promise<string> {
  const { data = [] } = await api<{ data?: { id: string; name: string }[] }>(ctx, 'GET', '/tags?limit=250');
  return data.find((tag) => tag.name === name)?.id ?? (await api<{ id: string }>(ctx, 'POST', '/tags', { name })).id;
}

export const n8n = {
  /** Checks the key, then creates, tags and activates the platform's workflow (once). */
  async authorize(ctx: N8nContext, workflowName: string): Promise<void> {
    await api(ctx, 'GET', '/workflows?limit=1');
    if (ctx.secrets.workflowId) return;
    const webhookPath = `postroom-${randomUUID()}`;
    const workflow = await api<{ id: string }>(ctx, 'POST', '/workflows', workflowBody(workflowName, webhookPath));
    await api(ctx, 'PUT', `/workflows/${encodeURIComponent(workflow.id)}/tags`, [{ id: await tagId(ctx, N8N_TAG) }]);
    await api(ctx, 'POST', `/workflows/${encodeURIComponent(workflow.id)}/activate`);
    ctx.secrets = { ...ctx.secrets, workflowId: workflow.id, webhookPath };
    await ctx.saveSecrets(ctx.secrets);
  },

  async healthCheck(ctx: N8nContext): Promise<void> {
    if (!ctx.secrets.workflowId) throw new ConnectorError('connectorNotAuthorized');
    const workflow = await api<{ active?: boolean }>(ctx, 'GET', `/workflows/${encodeURIComponent(ctx.secrets.workflowId)}`);
    if (!workflow.active) throw new ConnectorError('healthCheckFailed', 'workflow active: false');
  },

  /** Posts the analysis to the workflow's webhook. */
  async deliver(ctx: N8nContext, analysis: { id: string; name: string }, result: WriteBack): Promise<void> {
    if (!ctx.secrets.webhookPath) throw new ConnectorError('connectorNotAuthorized');
    const response = await ctx.outbound.fetch(`${base(ctx)}/webhook/${ctx.secrets.webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ analysisId: analysis.id, name: analysis.name, fields: result.tags, draft: result.draft }),
      timeoutMs: 30_000,
    });
    if (response.status < 200 || response.status >= 300) throw new ConnectorError('healthCheckFailed', `n8n webhook → HTTP ${response.status}`);
  },

  /**
   * Deletes the platform's workflow, only when someone tagged it `Delete` in n8n (§8). A workflow
   * already deleted in n8n (404) leaves nothing to protect: the connector may go.
   */
  async deleteWorkflow(ctx: N8nContext): Promise<void> {
    if (!ctx.secrets.workflowId) return;
    const id = encodeURIComponent(ctx.secrets.workflowId);
    const workflow = await deletionCall<{ tags?: { name: string }[] }>(ctx, 'GET', `/workflows/${id}`);
    if (workflow === null) return;
    if (!(workflow.tags ?? []).some((tag) => tag.name === N8N_DELETE_TAG)) throw new ConnectorError('deleteTagMissing');
    await deletionCall(ctx, 'DELETE', `/workflows/${id}`);
  },
};

export const n8nDriver: ConnectorDriver = {
  customFieldsAsLabels: false,
  healthCheck: n8n.healthCheck,
  authorizeNow: n8n.authorize,
  async writeBack(ctx, _messageId, result, analysis) {
    await n8n.deliver(ctx, analysis, result);
  },
  beforeDelete: n8n.deleteWorkflow,
};
