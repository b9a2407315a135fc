// PostgreSQL pass: several server processes share one database.
/**
 * The alert job in real server processes on one PostgreSQL (exactly once across several
 * server processes; run with TEST_DATABASE_URL as `npm run test:postgres` does, skipped on PGlite,
 * which serves one process only). Four `server/main.ts` processes evaluate the alerts every 100 ms
 * with no pipeline workers; a timeout alert starts to hold, then stops: the firing and the recovery
 * are each recorded once and mailed once, counting the outboxes of every process.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AlertSettings } from '../../src/contract/alerts';
import { analyses } from '../db/schema';
import { alertEvents, alerts } from '../db/schema-alerts';
import { multiProcessSuite, waitUntil } from '../pipeline/testing/processes';
import { readOutbox } from '../test-support/outbox';

const serverUrl = process.env.TEST_DATABASE_URL;
const ENV = 'demo-ic-prod';
const settings: AlertSettings = { kind: 'timeout', name: 'Analyses bloquées', timeoutMinutes: 10, email: 'ops@example.com' };

describe.skipIf(serverUrl === undefined || serverUrl === '')('alert job across server processes (PostgreSQL)', () => {
  const suite = multiProcessSuite(serverUrl!);
  const processes = suite.processes;

  const mails = async () => (await Promise.all(processes.map((p) => readOutbox(join(p.dataDir, 'outbox'))))).flat();
  const outputs = () => processes.map((p) => p.output()).join('\n');

  it('records and mails a firing and its recovery once, whichever process evaluates', async () => {
    const db = suite.db;
    // Saved by an English reader: every process mails in the alert's language.
    await db.insert(alerts).values({ id: 'mp-alert', environmentId: ENV, settings, language: 'en' });
    const late = randomUUID();
    await db
      .insert(analyses)
      .values({ id: late, environmentId: ENV, name: 'bloquée', inputType: 'email', status: 'waiting', createdAt: new Date(Date.now() - 20 * 60_000) });
    for (let i = 0; i < 4; i += 1) {
      suite.start({ POSTROOM_PIPELINE_WORKERS: '0', POSTROOM_ALERTS_EVERY_MS: '100' });
    }
    // Every process is up and evaluating: the alert's evaluations keep coming after the firing.
    await waitUntil(async () => (await db.select().from(alertEvents)).length > 0, 90_000, () => `no firing\n${outputs()}`);
    const [firstSeen] = await db.select({ at: alerts.lastEvaluatedAt }).from(alerts).where(eq(alerts.id, 'mp-alert'));
    await waitUntil(
      async () => {
        const [row] = await db.select({ at: alerts.lastEvaluatedAt }).from(alerts).where(eq(alerts.id, 'mp-alert'));
        return (row?.at?.getTime() ?? 0) > (firstSeen?.at?.getTime() ?? 0) + 2_000;
      },
      30_000,
      () => `evaluations stopped\n${outputs()}`,
    );
    expect((await db.select().from(alertEvents)).map((e) => e.kind)).toEqual(['fired']);
    await waitUntil(async () => (await mails()).length > 0, 10_000, () => 'no mail');
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([['ops@example.com', '[Postroom] Alert: Analyses bloquées']]);

    // The analysis finishes: one recovery, one mail, however many processes see it.
    await db.update(analyses).set({ status: 'processed', finishedAt: new Date() }).where(eq(analyses.id, late));
    await waitUntil(async () => (await db.select().from(alertEvents)).length > 1, 30_000, () => `no recovery\n${outputs()}`);
    const settled = Date.now() + 2_000;
    await waitUntil(async () => Date.now() > settled, 5_000, () => '');
    expect((await db.select().from(alertEvents)).map((e) => e.kind).sort()).toEqual(['fired', 'recovered']);
    await waitUntil(async () => (await mails()).length > 1, 10_000, () => 'no recovery mail');
    expect((await mails()).map((m) => m.subject).sort()).toEqual(['[Postroom] Alert: Analyses bloquées', '[Postroom] Recovered: Analyses bloquées']);
    // All four were evaluating throughout: none stopped on a failed evaluation or a lock error.
    expect(processes.every((p) => p.child.exitCode === null)).toBe(true);
  }, 240_000);
});
