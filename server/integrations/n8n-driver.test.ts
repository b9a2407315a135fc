/**
 * The n8n driver against the local n8n protocol server (server/test-support/n8n-server.ts): a wrong
 * API key refused, the platform's workflow created once, tagged `postroom` and active, analyses posted
 * to its webhook, and the workflow deleted only once someone tagged it `Delete` (§8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../outbound/client';
import { N8N_TEST_API_KEY, startN8nTestServer, type N8nTestServer } from '../test-support/n8n-server';
import { n8n } from './drivers/n8n';
import type { DriverContext } from './drivers/types';
import { INTEGRATION_DEFAULTS } from './settings';

const outbound = createOutboundClient({ allowPrivate: true });

describe('the n8n driver', () => {
  let server: N8nTestServer;
  let ctx: DriverContext;

  beforeAll(async () => {
    server = await startN8nTestServer();
    ctx = { settings: { type: 'n8n', n8n: { baseUrl: `${server.url}/` } }, secrets: { apiKey: N8N_TEST_API_KEY }, outbound, integrations: INTEGRATION_DEFAULTS, saveSecrets: async () => undefined };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a wrong API key', async () => {
    await expect(n8n.authorize({ ...ctx, secrets: { apiKey: 'wrong' } }, 'Postroom')).rejects.toMatchObject({ code: 'authorizationFailed', detail: 'HTTP 401' });
    expect(server.workflows()).toEqual([]);
  });

  it('creates its workflow once, tagged postroom and active, and reports it healthy', async () => {
    await n8n.authorize(ctx, 'Postroom – Courrier entrant / Production');
    await n8n.authorize(ctx, 'Postroom – Courrier entrant / Production');
    expect(server.workflows()).toEqual([{ id: ctx.secrets.workflowId, name: 'Postroom – Courrier entrant / Production', active: true, tags: ['postroom'] }]);
    await expect(n8n.healthCheck(ctx)).resolves.toBeUndefined();
  });

  it('posts each analysis to the workflow webhook', async () => {
    await n8n.deliver(ctx, { id: 'a1', name: 'Résiliation.eml' }, { tags: { categories: ['Résiliation'], contrat: ['AB-77812'] }, draft: 'Bonjour' });
    expect(server.received()).toEqual([{ path: ctx.secrets.webhookPath, body: { analysisId: 'a1', name: 'Résiliation.eml', fields: { categories: ['Résiliation'], contrat: ['AB-77812'] }, draft: 'Bonjour' } }]);
  });

  it('deletes the workflow only once it carries the Delete tag', async () => {
    await expect(n8n.deleteWorkflow(ctx)).rejects.toMatchObject({ code: 'deleteTagMissing' });
    expect(server.workflows()).toHaveLength(1);
    server.tagWorkflow(ctx.secrets.workflowId!, 'Delete');
    await n8n.deleteWorkflow(ctx);
    expect(server.workflows()).toEqual([]);
  });
});
