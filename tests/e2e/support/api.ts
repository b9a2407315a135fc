/**
 * Calls to the running server as a program would make them: scenarios prepare their own data through
 * the API (a dedicated environment, a mail to analyse) so the shared demo stays as it was.
 */
import { loginCheck } from '../../../src/contract/auth';
import { baseUrl } from './browser';
import { DEMO_PASSWORD } from './pages';

export interface Api {
  <T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
}

/** One JSON (or multipart, for a FormData body) request; a refusal throws with the server's answer. */
export async function request<T = unknown>(token: string | null, method: string, route: string, body?: unknown): Promise<T> {
  const multipart = body instanceof FormData;
  const response = await fetch(new URL(route, baseUrl()), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Signs a demo user in through the API and answers a caller carrying their token. */
export async function apiAs(username: string): Promise<Api> {
  const { token } = await request<{ token: string }>(null, 'POST', loginCheck.path, { username, password: DEMO_PASSWORD });
  return <T>(method: string, route: string, body?: unknown) => request<T>(token, method, route, body);
}

export interface ModuleEntry {
  id: string;
  type: string;
  name: string;
  [setting: string]: unknown;
}

/** A new empty environment of the project (a scenario's own, deleted by its `afterAll`), with these modules if given. */
export async function scratchEnvironment(api: Api, project: string, name: string, modules?: readonly ModuleEntry[]): Promise<string> {
  const { id } = await api<{ id: string }>('POST', `/v4/console/api/project/${project}/environments`, { name, visibility: 'public', source: { kind: 'scratch' } });
  if (modules !== undefined) await setModules(api, id, modules);
  return id;
}

/** Replaces these parts of the environment's settings (its modules, reply templates…), keeping the others. */
export async function saveSettings(api: Api, envId: string, change: Record<string, unknown>): Promise<void> {
  const details = await api<{ name: string; visibility: string; priority: boolean; settings: Record<string, unknown> }>('GET', `/v4/console/api/environment/${envId}/settings`);
  await api('PUT', `/v4/console/api/environment/${envId}/settings`, {
    name: details.name,
    visibility: details.visibility,
    priority: details.priority,
    settings: { ...details.settings, ...change },
  });
}

/** Replaces the environment's module list, keeping its other settings. */
export const setModules = (api: Api, envId: string, modules: readonly ModuleEntry[]): Promise<void> => saveSettings(api, envId, { modules });

/**
 * Waits for the pipeline to finish an analysis (out of `waiting` and `pending`) and answers its
 * status; a scenario's set-up, where `expect.poll` is not available.
 */
export async function settledStatus(api: Api, envId: string, analysisId: string): Promise<string> {
  let status = 'waiting';
  for (let tries = 0; tries < 300 && ['waiting', 'pending'].includes(status); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    ({ status } = await api<{ status: string }>('GET', `/v4/console/api/environment/${envId}/analyses/${analysisId}`));
  }
  return status;
}

/** Deletes the environment's connectors of that name (a scenario's `afterAll`, whatever happened), so the shared demo stays as it was. */
export async function deleteConnectorsNamed(api: Api, envId: string, name: string): Promise<void> {
  const { connectors } = await api<{ connectors: { id: string; name: string }[] }>('GET', `/v4/console/api/environment/${envId}/connectors`);
  for (const connector of connectors.filter((item) => item.name === name)) await api('DELETE', `/v4/console/api/environment/${envId}/connectors/${connector.id}`).catch(() => undefined);
}
