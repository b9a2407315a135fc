/**
 * What every connector test sets up (gmail, m365, imap, record connectors, salesforce): a test server
 * with one analysis worker whose connector job is driven by the test (`connectorRound`), the engine's
 * deps on the same database, an admin signed in, a `call` through the API, and the waits a run needs
 * (analyses settled, the latest run). With `captureLogs`, every log line is kept (tests that check
 * no credential is ever logged).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { AnalysisSummary } from '../../src/contract/analyses';
import type { ConnectorRun } from '../../src/contract/integrations';
import { createSecretBox } from '../crypto/secret-box';
import type { IntegrationDeps } from '../integrations/deps';
import { INTEGRATION_DEFAULTS, type IntegrationSettings } from '../integrations/settings';
import { createOutboundClient } from '../outbound/client';
import { createTestServer, signIn, TEST_JWT_SECRET, type TestServer } from './test-server';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ConnectorHarness {
  server: TestServer;
  deps: IntegrationDeps;
  admin: Record<string, string>;
  /** Every log line the server wrote (with `captureLogs`). */
  logs: string[];
  call(method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The authorization header of another demo user. */
  headersOf(username: string): Promise<Record<string, string>>;
  /** Waits until `count` analyses a connector created (this one, or any) have left the queue. */
  settledAnalyses(envId: string, count: number, connectorId?: string): Promise<AnalysisSummary[]>;
  /** The newest run of the environment's connectors (of this connector when given). */
  latestRun(envId: string, connectorId?: string): Promise<ConnectorRun>;
  close(): Promise<void>;
}

export const connectorsPath = (envId: string) => `/v4/console/api/environment/${envId}/connectors`;

export async function startConnectorHarness(integrations: Partial<IntegrationSettings> = {}, options: { captureLogs?: boolean } = {}): Promise<ConnectorHarness> {
  const logs: string[] = [];
  // The job is driven by the test (connectorRound), not by the timer.
  const settings = { pollMs: 3_600_000, ...integrations };
  const server = await createTestServer({
    pipeline: { workers: 1, pollMs: 20 },
    integrations: settings,
    ...(options.captureLogs ? { logger: { level: 'debug' }, logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  const deps: IntegrationDeps = {
    db: server.handle.db,
    secrets: createSecretBox(TEST_JWT_SECRET),
    outbound: createOutboundClient({ allowPrivate: true }),
    integrations: { ...INTEGRATION_DEFAULTS, ...settings },
  };
  const headersOf = async (username: string) => ({ authorization: `Bearer ${await signIn(server.app, username)}` });
  const admin = await headersOf('admin');
  const call = (method: Method, url: string, payload?: unknown, headers = admin) => server.app.inject({ method, url, headers, payload: payload as never });

  async function settledAnalyses(envId: string, count: number, connectorId?: string): Promise<AnalysisSummary[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const items = (await call('GET', `/v4/console/api/environment/${envId}/analyses`))
        .json<{ items: AnalysisSummary[] }>()
        .items.filter((item) => (connectorId === undefined ? item.metadata.connectorId !== undefined : item.metadata.connectorId === connectorId));
      if (items.length >= count && items.every((item) => !['waiting', 'pending'].includes(item.status))) return items;
      if (Date.now() > deadline) throw new Error(`analyses not finished: ${JSON.stringify(items.map((item) => item.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const latestRun = async (envId: string, connectorId?: string) =>
    (await call('GET', connectorsPath(envId))).json<{ runs: ConnectorRun[] }>().runs.find((run) => connectorId === undefined || run.connectorId === connectorId)!;

  return { server, deps, admin, logs, call, headersOf, settledAnalyses, latestRun, close: () => server.close() };
}
