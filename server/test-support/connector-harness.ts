/**
 * What every connector test sets up (gmail, m365, imap, record connectors, salesforce): a test server
 * with one analysis worker whose connector job is driven by the test (`connectorRound`), the engine's
 * deps on the same database, an admin signed in, a `call` through the API, and the steps and waits a
 * run needs (a dedicated environment, a mail analysed, a run written back, analyses settled, the
 * latest run). With `captureLogs`, every log line is kept (tests that check no credential is ever
 * logged); with `origin`, every call carries it, as the console's pages do (OAuth redirect addresses
 * are built from it).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { AnalysisSummary } from '../../src/contract/analyses';
import type { Connector, ConnectorRun } from '../../src/contract/integrations';
import { connectorRound } from '../integrations/job';
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
  /** The connector as the console lists it (state, last error, secrets set). */
  connector(envId: string, connectorId: string): Promise<Connector>;
  /** A new empty environment of the project, so only the file's own analyses are handed on. */
  scratchEnvironment(name: string, projectId?: string): Promise<string>;
  /** Sends a simulated mail of that name and subject to the environment; answers its id once analysed. */
  analyseMail(envId: string, name: string): Promise<string>;
  /**
   * Starts a run of the connector over the last hour, then two job rounds: the first reads and
   * queues, the second writes back what finished. Answers the connector's newest run.
   */
  runAndWriteBack(envId: string, connectorId: string, options?: { forceDuplicates?: boolean }): Promise<ConnectorRun>;
  close(): Promise<void>;
}

export const connectorsPath = (envId: string) => `/v4/console/api/environment/${envId}/connectors`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startConnectorHarness(integrations: Partial<IntegrationSettings> = {}, options: { captureLogs?: boolean; origin?: string } = {}): Promise<ConnectorHarness> {
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
  const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
    server.app.inject({ method, url, headers: options.origin === undefined ? headers : { origin: options.origin, ...headers }, payload: payload as never });

  async function settledAnalyses(envId: string, count: number, connectorId?: string): Promise<AnalysisSummary[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const items = (await call('GET', `/v4/console/api/environment/${envId}/analyses`))
        .json<{ items: AnalysisSummary[] }>()
        .items.filter((item) => (connectorId === undefined ? item.metadata.connectorId !== undefined : item.metadata.connectorId === connectorId));
      if (items.length >= count && items.every((item) => !['waiting', 'pending'].includes(item.status))) return items;
      if (Date.now() > deadline) throw new Error(`analyses not finished: ${JSON.stringify(items.map((item) => item.status))}`);
      await sleep(50);
    }
  }

  const latestRun = async (envId: string, connectorId?: string) =>
    (await call('GET', connectorsPath(envId))).json<{ runs: ConnectorRun[] }>().runs.find((run) => connectorId === undefined || run.connectorId === connectorId)!;

  const connector = async (envId: string, connectorId: string) =>
    (await call('GET', connectorsPath(envId))).json<{ connectors: Connector[] }>().connectors.find((item) => item.id === connectorId)!;

  async function scratchEnvironment(name: string, projectId = 'demo-nlu'): Promise<string> {
    const created = await call('POST', `/v4/console/api/project/${projectId}/environments`, { name, visibility: 'public', source: { kind: 'scratch' } });
    if (created.statusCode !== 201) throw new Error(`environment not created: ${created.statusCode} ${created.body}`);
    return created.json<{ id: string }>().id;
  }

  async function analyseMail(envId: string, name: string): Promise<string> {
    const mail = { name, sender: 'client@example.test', recipient: 'service@example.test', subject: name, body: 'Bonjour, voici mon courrier.', attachments: [] };
    const queued = await call('POST', `/v4/console/api/environment/${envId}/analyses/simulated-mail`, mail);
    if (queued.statusCode !== 201) throw new Error(`mail not queued: ${queued.statusCode} ${queued.body}`);
    const { id } = queued.json<{ id: string }>();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { status } = (await call('GET', `/v4/console/api/environment/${envId}/analyses/${id}`)).json<{ status: string }>();
      if (!['waiting', 'pending'].includes(status)) return id;
      if (Date.now() > deadline) throw new Error(`analysis not finished: ${status}`);
      await sleep(50);
    }
  }

  async function runAndWriteBack(envId: string, connectorId: string, runOptions: { forceDuplicates?: boolean } = {}): Promise<ConnectorRun> {
    const period = { fromDate: new Date(Date.now() - 3_600_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString(), ...runOptions };
    const started = await call('POST', `${connectorsPath(envId)}/${connectorId}/runs`, period);
    if (started.statusCode !== 201) throw new Error(`run not started: ${started.statusCode} ${started.body}`);
    await connectorRound(deps, 'test');
    await connectorRound(deps, 'test');
    return latestRun(envId, connectorId);
  }

  return { server, deps, admin, logs, call, headersOf, settledAnalyses, latestRun, connector, scratchEnvironment, analyseMail, runAndWriteBack, close: () => server.close() };
}
