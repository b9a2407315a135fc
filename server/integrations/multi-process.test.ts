// PostgreSQL pass: several server processes share one database.
/**
 * The connector job in real server processes on one PostgreSQL (runs are scheduled by the
 * server, exactly once across several server processes; run with TEST_DATABASE_URL as
 * `npm run test:postgres` does, skipped on PGlite, which serves one process only). Three
 * `server/main.ts` processes poll the connector job every 200 ms against one authorized Gmail
 * connector and the local Gmail server: each mail becomes one analysis, is written back once, and
 * no run is executed twice.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorSettings } from '../../src/contract/integrations';
import { createSecretBox } from '../crypto/secret-box';
import { analyses } from '../db/schema';
import { connectorMessages, connectorRuns } from '../db/schema-integrations';
import { traceOf } from '../pipeline/testing/analyses';
import { multiProcessSuite, SERVER_PROCESS_JWT_SECRET, waitUntil } from '../pipeline/testing/processes';
import { GMAIL_TEST_CLIENT, startGmailTestServer, type GmailTestServer } from '../test-support/gmail-server';
import { insertAuthorizedConnector } from '../test-support/insert-connector';

const serverUrl = process.env.TEST_DATABASE_URL;
// An environment whose demo configuration categorizes a cancellation (Résiliation) and drafts a reply.
const ENV = 'demo-nlu-recette';
const MAILS = 4;

const mail = (n: number) =>
  [`From: Client ${n} <client${n}@example.com>`, 'To: support@example.com', `Subject: Demande ${n}`, `Message-ID: <mp-${n}@example.com>`, 'Content-Type: text/plain; charset=utf-8', '', `Bonjour, je veux résilier mon contrat habitation numéro AB-7781${n}.`, ''].join('\r\n');

describe.skipIf(serverUrl === undefined || serverUrl === '')('connector job across server processes (PostgreSQL)', () => {
  const suite = multiProcessSuite(serverUrl!);
  let gmail: GmailTestServer;
  beforeAll(async () => {
    gmail = await startGmailTestServer();
  });
  afterAll(async () => {
    await gmail?.close();
  });

  it('reads each mail once and writes it back once, whichever process runs the job', async () => {
    const db = suite.db;
    const start = new Date(Date.now() - 3_600_000);
    const settings: ConnectorSettings = {
      type: 'gmail',
      gmail: { customCredentials: true, clientId: GMAIL_TEST_CLIENT.clientId, redirectUri: '', user: 'support@example.com', startDate: start.toISOString(), blacklist: [] },
    };
    const secrets = { clientSecret: GMAIL_TEST_CLIENT.clientSecret, refreshToken: gmail.grantRefreshToken() };
    const connectorId = await insertAuthorizedConnector(db, createSecretBox(SERVER_PROCESS_JWT_SECRET), {
      environmentId: ENV,
      name: 'Boîte partagée',
      settings,
      secrets,
      cursorAt: start,
      nextRunAt: new Date(),
    });
    const ids = Array.from({ length: MAILS }, (_, i) => gmail.addMessage(mail(i + 1)));

    const env = {
      POSTROOM_PIPELINE_WORKERS: '1',
      POSTROOM_CONNECTOR_POLL_MS: '200',
      // Not a multiple of the poll: with 1,000 ms the next run fell due on the same process's poll
      // phase every time, so one process scheduled and claimed them all.
      POSTROOM_CONNECTOR_INTERVAL_MS: '1070',
      POSTROOM_WEBHOOK_ALLOW_PRIVATE: 'true',
      POSTROOM_GOOGLE_OAUTH_AUTHORIZE_URL: `${gmail.url}/o/oauth2/v2/auth`,
      POSTROOM_GOOGLE_OAUTH_TOKEN_URL: `${gmail.url}/token`,
      POSTROOM_GMAIL_API_URL: gmail.url,
    };
    for (let i = 0; i < 3; i += 1) suite.start(env);
    const outputs = () => suite.processes.map((p) => p.output()).join('\n');
    const seen = () => db.select().from(connectorMessages).where(eq(connectorMessages.connectorId, connectorId));

    // Every mail read and written back (its analysis finished, its labels set).
    await waitUntil(async () => {
      const rows = await seen();
      return rows.length >= MAILS && rows.every((row) => row.writeBack === 'done');
    }, 120_000, () => `not all written back\n${outputs()}`);
    // Several more scheduled rounds change nothing, and they end up shared between the processes.
    const allRuns = () => db.select().from(connectorRuns).where(eq(connectorRuns.connectorId, connectorId));
    const claimers = (runs: { claimedBy: string | null }[]) => new Set(runs.flatMap((run) => (run.claimedBy === null ? [] : [run.claimedBy.split(':')[0]])));
    const runsBefore = (await allRuns()).length;
    await waitUntil(async () => {
      const runs = await allRuns();
      return runs.length >= runsBefore + 3 && claimers(runs).size > 1;
    }, 60_000, () => `no further runs, or all by one process\n${outputs()}`);

    const rows = await seen();
    expect(rows.map((row) => row.messageId).sort()).toEqual([...ids].sort());
    const created = await db.select().from(analyses).where(inArray(analyses.id, rows.map((row) => row.analysisId ?? '')));
    expect(created).toHaveLength(MAILS);
    expect(created.every((analysis) => analysis.status === 'processed')).toBe(true);
    // One run at a time, each finished by the process that claimed it.
    const runs = await allRuns();
    expect(runs.filter((run) => run.status === 'error')).toEqual([]);
    // …and the runs were shared: more than one process claimed some (worker ids are `pid:uuid`).
    expect(claimers(runs).size).toBeGreaterThan(1);
    // Written back once each: its label, and exactly one reply draft in its thread.
    for (const id of ids) expect(gmail.state().messages.find((m) => m.id === id)!.labels).toContain('Résiliation');
    const drafted = gmail.state().drafts.map((draft) => draft.threadId);
    // A mail without its draft: the trace of its analysis says which step did not write one.
    const undrafted = rows.filter((row) => !drafted.includes(`t${row.messageId}`));
    const traces = await Promise.all(undrafted.map(async (row) => `${row.messageId}: ${JSON.stringify(await traceOf(db, row.analysisId ?? ''), null, 1)}`));
    expect(drafted.sort(), `mails without a reply draft, with their analyses' traces:\n${traces.join('\n')}\n${outputs()}`).toEqual(ids.map((id) => `t${id}`).sort());
    expect(suite.processes.every((p) => p.child.exitCode === null)).toBe(true);
  }, 240_000);
});
