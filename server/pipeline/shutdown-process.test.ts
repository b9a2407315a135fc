/**
 * A real server process (server/main.ts on PGlite in a temporary data folder) asked to stop with
 * SIGTERM while it has work of every kind in flight exits within the bound of 10 s, cleanly (code 0,
 * not the backstop's 1), and leaves nothing stuck in the database for the next server (one was seen
 * alive an hour after SIGTERM). One process holds all the states at once, each asserted on its own:
 * - an analysis deep in a long step (the extractor reading many 120-page PDFs): back in the queue;
 * - a test run whose message waits in its NLU step for a server's start: released, its message
 *   still pending;
 * - a connector run stuck on a mail server that stopped answering (a local IMAP server that signs in
 *   and never answers SELECT): queued again, unclaimed;
 * - an alert round stuck sending its mail (a local SMTP server that never acknowledges DATA): its
 *   firing recorded once;
 * - an NLU server `starting`: it ends by its own `readyAt`, which every server's sweeper reads;
 * - a client that sent headers and half a body, then nothing, and an idle kept-alive connection:
 *   both cut by the server, neither holds the exit.
 */
import { randomUUID } from 'node:crypto';
import { Agent, get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorSettingsSchema } from '../../src/contract/integrations';
import { createSecretBox } from '../crypto/secret-box';
import { openDatabase, type DatabaseHandle } from '../db/open';
import { analyses } from '../db/schema';
import { alertEvents, alerts } from '../db/schema-alerts';
import { connectorRuns, connectors } from '../db/schema-integrations';
import { nluServers } from '../db/schema-nlu';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { DEMO_PASSWORD } from '../db/seed-data';
import { statusOf, sweepServers } from '../nlu/lifecycle';
import { launchTestRun } from '../testing-center/launch-test-run';
import { expectCategories, insertBankMessage, insertManualSet, mailFile } from '../testing-center/test-support';
import { insertAuthorizedConnector } from '../test-support/insert-connector';
import { openSeededPglite, writePgliteFolder } from '../test-support/pglite-snapshots';
import { startStalledImapServer, startStalledSmtpServer, type StalledServer } from '../test-support/stalled-mail-servers';
import { createEnvironment, fixture, queueAnalysis } from './testing/analyses';
import { SERVER_PROCESS_JWT_SECRET, startServerProcess, type ServerProcess } from './testing/processes';

const SHUTDOWN_BOUND_MS = 10_000;
const NLU_ENV = 'demo-nlu-prod';
/**
 * Longer than the test, so NLU servers are still `starting` when the process stops, and shorter than
 * the NLU step's budget (60 s), so the test run's message waits for the start instead of failing.
 */
const NLU_STARTUP_MS = 55_000;

interface Prepared {
  dataDir: string;
  envId: string;
  analysisId: string;
  runId: string;
  connectorId: string;
  alertId: string;
  nluServerId: string;
}


/** A data folder holding the demo and every kind of work, as the stopped server will find it. */
async function prepareDataFolder(imapPort: number): Promise<Prepared> {
  const dataDir = mkdtempSync(join(tmpdir(), 'postroom-shutdown-'));
  // The suite's seeded database (no initdb, no seed to run again), written to the folder at the end.
  const handle = await openSeededPglite();
  try {
    const db = handle.db;
    const envId = await createEnvironment(db, { extractor: { parser: { document: { maxPages: 500 }, global: { useCache: false } } } });
    // 16 × 120-page PDFs read with no page limit: far longer than the grace on any machine.
    const report = fixture('pdf/report-120-pages.pdf');
    const analysisId = await queueAnalysis(db, envId, Array.from({ length: 16 }, (_, index) => ({ name: `report-${index + 1}.pdf`, content: report })));

    // A test run of one mail on the NLU environment: its NLU step waits for the server's start
    // (below), far past the grace, at no cost in CPU. Resumed by the server as it starts.
    const messageId = await insertBankMessage(db, 'demo-nlu', { name: 'devis.eml', content: mailFile('Devis', 'Un devis pour une assurance auto ?'), expected: expectCategories('Demande de devis') });
    const setId = await insertManualSet(db, 'demo-nlu', 'shutdown', [messageId]);
    const runId = await launchTestRun(db, { projectId: 'demo-nlu', environmentId: NLU_ENV, setId, versionId: null, userId: null, seesPrivate: true });

    // A mailbox connector due at once, on the IMAP server that will stall.
    const connectorId = await insertAuthorizedConnector(db, createSecretBox(SERVER_PROCESS_JWT_SECRET), {
      environmentId: envId,
      name: 'Stalled mailbox',
      settings: connectorSettingsSchema.parse({
        type: 'imap',
        imap: { host: '127.0.0.1', port: imapPort, tls: false, user: 'mailbox@example.com', folder: 'INBOX', draftsFolder: 'Drafts', startDate: new Date(Date.now() - 3_600_000).toISOString(), blacklist: [] },
      }),
      secrets: { password: 'secret' },
    });

    // Fires at the first round (fewer than 100 received this hour); its mail goes to the SMTP server that stalls.
    const alertId = randomUUID();
    await db.insert(alerts).values({
      id: alertId,
      environmentId: envId,
      settings: { kind: 'volume', name: 'Silence', direction: 'below', threshold: 100, interval: 'hour', email: 'ops@example.com' },
    });

    // Stopped: the test starts one, and the test run's NLU step starts the one it needs.
    await db.update(nluServers).set({ status: 'stopped' }).where(eq(nluServers.environmentId, NLU_ENV));
    const [nluServer] = await db.select({ id: nluServers.id }).from(nluServers).where(eq(nluServers.environmentId, NLU_ENV)).limit(1);
    await writePgliteFolder(handle, join(dataDir, 'pglite'));
    return { dataDir, envId, analysisId, runId, connectorId, alertId, nluServerId: nluServer!.id };
  } finally {
    await handle.close();
  }
}

/** Polls `check` every 50 ms until it holds. */
async function until(what: string, check: () => Promise<boolean>, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: timed out\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(origin: string): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  const login = await fetch(`${origin}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return (path, init = {}) => fetch(`${origin}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
}

/** Headers and half of the body announced, then nothing: the request stays open on the server. */
function stalledRequest(origin: string): Promise<{ closedAt: Promise<number> }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: hostname, port: Number(port) }, () => {
      const closedAt = new Promise<number>((closed) => socket.once('close', () => closed(Date.now())));
      socket.write(`POST /api/login_check HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"username":"adm`, () => resolve({ closedAt }));
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** One answered request; its connection is kept alive, idle, by the agent. */
function idleKeptAlive(origin: string): Promise<{ closedAt: Promise<number> }> {
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  return new Promise((resolve, reject) => {
    const request = get(`${origin}/api/openapi.json`, { agent }, (response) => {
      const closedAt = new Promise<number>((closed) => response.socket.once('close', () => closed(Date.now())));
      response.resume();
      response.once('end', () => resolve({ closedAt }));
    });
    request.once('error', reject);
  });
}

describe('SIGTERM with work of every kind in flight', () => {
  let imap: StalledServer;
  let smtp: StalledServer;
  let prepared: Prepared;
  let server: ServerProcess;
  let signalledAt = 0;
  let exit: { code: number | null; signal: NodeJS.Signals | null; at: number };
  let connections: { stalled: number; idle: number };
  let after: DatabaseHandle;

  // One process only: a data folder, a seed and a server start take over a minute on a busy machine.
  beforeAll(async () => {
    [imap, smtp] = await Promise.all([startStalledImapServer(), startStalledSmtpServer()]);
    prepared = await prepareDataFolder(imap.port);
    server = startServerProcess(
      { dataDir: prepared.dataDir },
      {
        LOG_LEVEL: 'info',
        POSTROOM_PIPELINE_WORKERS: '1',
        POSTROOM_PIPELINE_POLL_MS: '50',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        POSTROOM_ALERTS_EVERY_MS: '100',
        POSTROOM_CONNECTOR_POLL_MS: '100',
        POSTROOM_WEBHOOK_ALLOW_PRIVATE: 'true',
        POSTROOM_NLU_STARTUP_MS: String(NLU_STARTUP_MS),
      },
    );
    const origin = await server.origin;
    const api = await signIn(origin);

    const started = await api(`/v4/console/api/environment/${NLU_ENV}/nlu/servers/${prepared.nluServerId}/start`, { method: 'POST' });
    expect(started.status, server.output()).toBe(200);
    await until(
      'the analysis is taken by a worker',
      async () => {
        const { status } = (await (await api(`/v4/console/api/environment/${prepared.envId}/analyses/${prepared.analysisId}`)).json()) as { status: string };
        if (status !== 'waiting' && status !== 'pending') throw new Error(`the analysis ended (${status}) before the server was stopped`);
        return status === 'pending';
      },
      server.output,
    );
    await until(
      'the test run is running',
      async () => ((await (await api(`/v4/console/api/project/demo-nlu/testing-center/tests/${prepared.runId}`)).json()) as { status: string }).status === 'running',
      server.output,
    );
    await Promise.all([
      until('the connector run reached the IMAP SELECT', async () => imap.stalled(), server.output),
      until('the alert mail reached SMTP DATA', async () => smtp.stalled(), server.output),
    ]);
    // Last, as they are cut after seconds by themselves (a body after 30 s, an idle connection after 5 s).
    const stalled = await stalledRequest(origin);
    const idle = await idleKeptAlive(origin);

    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    exit = await Promise.race([
      server.exited,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error(`still alive ${SHUTDOWN_BOUND_MS + 5_000} ms after SIGTERM:\n${server.output()}`)), SHUTDOWN_BOUND_MS + 5_000),
      ),
    ]);
    connections = { stalled: await stalled.closedAt, idle: await idle.closedAt };
    after = await openDatabase(join(prepared.dataDir, 'pglite'));
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await after?.close();
    await Promise.all([imap?.close(), smtp?.close()]);
    if (prepared) rmSync(prepared.dataDir, { recursive: true, force: true });
  });

  it('exits cleanly within 10 s', () => {
    expect(exit.at - signalledAt, server.output()).toBeLessThan(SHUTDOWN_BOUND_MS);
    // Exit code 0: the shutdown finished by itself, not by the 10 s backstop (exit code 1).
    expect({ code: exit.code, signal: exit.signal }, server.output()).toEqual({ code: 0, signal: null });
  });

  it('hands the analysis back to the queue', async () => {
    // Either the run reached its next step within the grace and gave itself back ("released"), or
    // the grace ran out and the stopping pipeline handed it back: which one depends on the machine.
    expect(server.output()).toMatch(/given back to the queue|"end":"released"/);
    const [row] = await after.db.select().from(analyses).where(eq(analyses.id, prepared.analysisId));
    expect(row).toMatchObject({ status: 'waiting', claimedBy: null, leaseExpiresAt: null, claims: 1 });
  });

  it('hands the test run back: unclaimed, its message still pending for the next server', async () => {
    const [run] = await after.db.select().from(testingRuns).where(eq(testingRuns.id, prepared.runId));
    expect(run, server.output()).toMatchObject({ status: 'running', claimedBy: null, leaseUntil: null, done: 0 });
    const messages = await after.db.select({ status: testingRunMessages.status }).from(testingRunMessages).where(eq(testingRunMessages.runId, prepared.runId));
    expect(messages).toEqual([{ status: 'pending' }]);
  });

  it('queues the stuck connector run again, unclaimed, with no error on the connector', async () => {
    const runs = await after.db.select().from(connectorRuns).where(eq(connectorRuns.connectorId, prepared.connectorId));
    expect(runs, server.output()).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'queued', claimedBy: null, leaseExpiresAt: null, error: null });
    const [connector] = await after.db.select().from(connectors).where(eq(connectors.id, prepared.connectorId));
    expect(connector!.lastError).toBeNull();
  });

  it('keeps the alert round whole: the firing and its one event are recorded', async () => {
    const [alert] = await after.db.select().from(alerts).where(eq(alerts.id, prepared.alertId));
    expect(alert!.firing).toBe(true);
    const events = await after.db.select({ kind: alertEvents.kind }).from(alertEvents).where(eq(alertEvents.alertId, prepared.alertId));
    expect(events).toEqual([{ kind: 'fired' }]);
  });

  it('leaves the NLU server starting with an end that any server reads and its sweeper writes back', async () => {
    const [row] = await after.db.select().from(nluServers).where(eq(nluServers.id, prepared.nluServerId));
    expect(row!.status).toBe('starting');
    // No process owns a start: it is over at readyAt, whoever reads the row (statusOf) or sweeps it.
    expect(row!.readyAt!.getTime()).toBeLessThanOrEqual(signalledAt + NLU_STARTUP_MS);
    const later = { now: () => new Date(row!.readyAt!.getTime() + 1), idleMs: 300_000 };
    expect(statusOf(row!, later)).toBe('started');
    await sweepServers(after.db, later);
    const [swept] = await after.db.select({ status: nluServers.status }).from(nluServers).where(eq(nluServers.id, prepared.nluServerId));
    expect(swept!.status).toBe('started');
  });

  it('cuts the stalled request and the idle kept-alive connection within the bound', () => {
    // Neither held the close either: that is the clean exit code above (the backstop exits with 1).
    expect(connections.stalled - signalledAt).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(connections.idle - signalledAt).toBeLessThan(SHUTDOWN_BOUND_MS);
  });
});
