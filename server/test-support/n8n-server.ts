/**
 * A local server speaking the subset of n8n's public REST API (`/api/v1`, `X-N8N-API-KEY`) and its
 * production webhooks that the workflow-automation connector uses (server/integrations/drivers/n8n.ts),
 * for tests: workflows (create with nodes, get, delete, activate, set tags), tags (list, create), and
 * `POST /webhook/{path}` reaching an active workflow's Webhook node, whose payloads are recorded.
 * `tagWorkflow(id, name)` is the user adding a tag in n8n's editor, `removeWorkflow(id)` deleting the
 * workflow there, `revokeApiKey()` deleting the API key (every call with it is then refused, 401).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './protocol-http';

export const N8N_TEST_API_KEY = 'n8n_api_postroom_test';

interface Workflow {
  id: string;
  name: string;
  active: boolean;
  nodes: { type: string; parameters: { path?: string; httpMethod?: string } }[];
  tagIds: string[];
}

export interface N8nTestServer {
  url: string;
  workflows(): { id: string; name: string; active: boolean; tags: string[] }[];
  /** What each webhook received, in order. */
  received(): { path: string; body: unknown }[];
  tagWorkflow(id: string, name: string): void;
  removeWorkflow(id: string): void;
  revokeApiKey(): void;
  close(): Promise<void>;
}

export async function startN8nTestServer(): Promise<N8nTestServer> {
  const workflows: Workflow[] = [];
  const tags: { id: string; name: string }[] = [];
  const received: { path: string; body: unknown }[] = [];
  let apiKey: string | null = N8N_TEST_API_KEY;
  const newId = () => randomBytes(8).toString('hex');
  const tagNamed = (name: string) => {
    const found = tags.find((tag) => tag.name === name);
    if (found) return found;
    const tag = { id: newId(), name };
    tags.push(tag);
    return tag;
  };
  const view = (workflow: Workflow) => ({ ...workflow, tags: workflow.tagIds.map((id) => tags.find((tag) => tag.id === id)!) });

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (apiKey === null || request.headers['x-n8n-api-key'] !== apiKey) return send(response, 401, { message: 'unauthorized' });
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/workflows') return send(response, 200, { data: workflows.map(view), nextCursor: null });
    if (method === 'GET' && path === '/tags') return send(response, 200, { data: tags, nextCursor: null });
    if (method === 'POST' && path === '/tags') {
      const { name } = JSON.parse(await readBody(request)) as { name: string };
      if (tags.some((tag) => tag.name === name)) return send(response, 409, { message: 'Tag already exists' });
      return send(response, 201, tagNamed(name));
    }
    if (method === 'POST' && path === '/workflows') {
      const body = JSON.parse(await readBody(request)) as Partial<Workflow> & { connections?: unknown; settings?: unknown };
      if (!body.name || !Array.isArray(body.nodes) || body.connections === undefined || body.settings === undefined) return send(response, 400, { message: 'request/body must have required property' });
      const workflow: Workflow = { id: newId(), name: body.name, active: false, nodes: body.nodes, tagIds: [] };
      workflows.push(workflow);
      return send(response, 200, view(workflow));
    }
    const one = /^\/workflows\/([^/]+)(\/tags|\/activate)?$/.exec(path);
    const workflow = one === null ? undefined : workflows.find((w) => w.id === one[1]);
    if (one === null || workflow === undefined) return send(response, 404, { message: 'Not Found' });
    if (method === 'GET' && one[2] === undefined) return send(response, 200, view(workflow));
    if (method === 'DELETE' && one[2] === undefined) {
      workflows.splice(workflows.indexOf(workflow), 1);
      return send(response, 200, view(workflow));
    }
    if (method === 'PUT' && one[2] === '/tags') {
      const ids = (JSON.parse(await readBody(request)) as { id: string }[]).map((tag) => tag.id);
      if (ids.some((id) => !tags.some((tag) => tag.id === id))) return send(response, 404, { message: 'Tag not found' });
      workflow.tagIds = ids;
      return send(response, 200, view(workflow).tags);
    }
    if (method === 'POST' && one[2] === '/activate') {
      if (!workflow.nodes.some((node) => node.type === 'n8n-nodes-base.webhook')) return send(response, 400, { message: 'Workflow has no node to start the workflow' });
      workflow.active = true;
      return send(response, 200, view(workflow));
    }
    return send(response, 405, { message: 'Method not allowed' });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (url.pathname.startsWith('/api/v1/')) return api(request, response, url.pathname.slice('/api/v1'.length));
      const hook = /^\/webhook\/(.+)$/.exec(url.pathname);
      if (hook !== null && request.method === 'POST') {
        const target = workflows.find((w) => w.active && w.nodes.some((node) => node.type === 'n8n-nodes-base.webhook' && node.parameters.path === hook[1] && node.parameters.httpMethod === 'POST'));
        if (target === undefined) return send(response, 404, { message: `The requested webhook "POST ${hook[1]}" is not registered.` });
        received.push({ path: hook[1]!, body: JSON.parse(await readBody(request)) as unknown });
        return send(response, 200, { message: 'Workflow was started' });
      }
      return send(response, 404, { message: 'Not Found' });
    };
    handle().catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    workflows: () => workflows.map((w) => ({ id: w.id, name: w.name, active: w.active, tags: view(w).tags.map((tag) => tag.name) })),
    received: () => [...received],
    tagWorkflow: (id, name) => {
      const workflow = workflows.find((w) => w.id === id);
      if (workflow) workflow.tagIds.push(tagNamed(name).id);
    },
    removeWorkflow: (id) => {
      const index = workflows.findIndex((w) => w.id === id);
      if (index >= 0) workflows.splice(index, 1);
    },
    revokeApiKey: () => {
      apiKey = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
