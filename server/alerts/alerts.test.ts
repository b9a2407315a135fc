// PostgreSQL pass: alert evaluation in raw SQL, and the alert job across processes.
/**
 * Alerts: the routes (§4: an enabled alert cannot be edited), and the job's firings and
 * recoveries with their mails — once per change, in the language of whoever last saved the alert, on PGlite, and with several connections racing on
 * PostgreSQL (with TEST_DATABASE_URL, as `npm run test:postgres` and CI run it).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertEvent, AlertSettings } from '../../src/contract/alerts';
import { recordUsage } from '../consumption/ledger';
import { migrateDatabase } from '../db/migrate';
import { openDatabase } from '../db/open';
import { analyses } from '../db/schema';
import { alertEvents, alerts } from '../db/schema-alerts';
import { seedDemo } from '../db/seed';
import { createMailer } from '../mail/mailer';
import { scratchDatabase } from '../pipeline/testing/processes';
import { readOutbox } from '../test-support/outbox';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { evaluateAlerts } from './evaluate';

let server: TestServer;
let auth: { authorization: string };
const ENV = 'demo-ic-prod';
/** The server's own outbox: what the job sends lands where the server's mails do. */
const mailer = () => createMailer({ outboxDir: server.outboxDir });
/** A call to the alert routes, by a reader of `language` (their Accept-Language; none: French). */
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown, language?: string) =>
  server.app.inject({
    method,
    url: `/v4/console/api/environment/${ENV}/alerts${path}`,
    headers: { ...auth, ...(language === undefined ? {} : { 'accept-language': language }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const timeout: AlertSettings = { kind: 'timeout', name: 'Analyses bloquées', timeoutMinutes: 10, email: 'ops@example.com' };

async function insertAnalysis(db: TestServer['handle']['db'], createdAt: Date, status: 'waiting' | 'processed' = 'processed'): Promise<string> {
  const id = randomUUID();
  await db.insert(analyses).values({ id, environmentId: ENV, name: id, inputType: 'email', status, createdAt });
  await recordUsage(db, { analysisId: id, environmentId: ENV, createdAt, cpuMs: 0 });
  return id;
}

beforeAll(async () => {
  server = await createTestServer();
  auth = { authorization: `Bearer ${await signIn(server.app, 'viewer')}` };
}, 60_000);
afterAll(() => server.close());

describe('alert routes', () => {
  it('creates an alert enabled, refuses to edit it until disabled (§4), then edits, re-enables and deletes it', async () => {
    const created = await api('POST', '', timeout);
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json<Alert>();
    expect(alert).toMatchObject({ enabled: true, firing: false, settings: timeout, language: 'fr' });

    const edited = { ...timeout, timeoutMinutes: 30 };
    const refused = await api('PUT', `/${alert.id}`, edited);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'alertEnabled' });

    expect((await api('PATCH', `/${alert.id}/enabled`, { enabled: false })).json<Alert>().enabled).toBe(false);
    const saved = await api('PUT', `/${alert.id}`, edited, 'en-US,en;q=0.9');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Alert>()).toMatchObject({ settings: edited, language: 'en' });
    expect((await api('PATCH', `/${alert.id}/enabled`, { enabled: true })).json<Alert>().enabled).toBe(true);

    expect((await api('DELETE', `/${alert.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/${alert.id}`)).json()).toMatchObject({ code: 'alertNotFound' });
  });

  it('refuses intervals and contacts outside §3 and §9', async () => {
    const volume = { kind: 'volume', name: 'Volume', direction: 'below', threshold: 5, interval: 'year', email: 'ops@example.com' };
    expect((await api('POST', '', volume)).statusCode).toBe(400);
    expect((await api('POST', '', { ...volume, interval: 'quarter', email: 'not-a-mail' })).statusCode).toBe(400);
  });
});

describe('alert job', () => {
  it('fires once when an analysis is late, mails the contact, recovers once when it ends, and shows the history', async () => {
    const db = server.handle.db;
    await db.delete(alerts);
    const alert = (await api('POST', '', timeout, 'en')).json<Alert>();
    const now = new Date();
    const late = await insertAnalysis(db, new Date(now.getTime() - 11 * 60_000), 'waiting');
    await insertAnalysis(db, new Date(now.getTime() - 5 * 60_000), 'waiting'); // not late yet

    expect(await evaluateAlerts(db, mailer(), now)).toEqual({ evaluated: true, events: 1 });
    expect(await evaluateAlerts(db, mailer(), new Date(now.getTime() + 1000))).toEqual({ evaluated: true, events: 0 });
    let mails = await readOutbox(server.outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['ops@example.com', '[Postroom] Alert: Analyses bloquées']]);
    expect(mails[0]!.text).toContain('1 analysis not finished 10 minutes after reception.');

    await db.update(analyses).set({ status: 'processed', finishedAt: now }).where(eq(analyses.id, late));
    expect(await evaluateAlerts(db, mailer(), new Date(now.getTime() + 2000))).toEqual({ evaluated: true, events: 1 });
    mails = await readOutbox(server.outboxDir);
    expect(mails.map((m) => m.subject)).toContain('[Postroom] Recovered: Analyses bloquées');

    const list = (await api('GET', '')).json<{ alerts: Alert[]; history: AlertEvent[] }>();
    expect(list.alerts).toMatchObject([{ id: alert.id, firing: false }]);
    expect(list.history.map((e) => [e.kind, e.alertName, e.value])).toEqual([
      ['recovered', 'Analyses bloquées', 0],
      ['fired', 'Analyses bloquées', 1],
    ]);
  });

  it('mails in the language of whoever last saved the alert, French for one saved without a language', async () => {
    const db = server.handle.db;
    await db.delete(alerts);
    const now = new Date(Date.now() + 3_600_000 * 6);
    await insertAnalysis(db, new Date(now.getTime() - 10 * 60_000));
    const volume = (name: string) => ({ kind: 'volume', name, direction: 'below', threshold: 5, interval: 'hour', email: `${name}@example.com` });
    await api('POST', '', volume('francais'));
    await api('POST', '', volume('anglais'), 'en-GB,en;q=0.9');
    // Created in English, then saved by a French reader: French from then on.
    const resaved = (await api('POST', '', volume('resaved'), 'en')).json<Alert>();
    await api('PATCH', `/${resaved.id}/enabled`, { enabled: false });
    await api('PUT', `/${resaved.id}`, volume('resaved'), 'fr-FR,fr;q=0.9,en;q=0.8');
    await api('PATCH', `/${resaved.id}/enabled`, { enabled: true });
    // An alert saved before alerts kept a language: the column's default.
    await db.insert(alerts).values({ id: randomUUID(), environmentId: ENV, settings: volume('ancienne') as AlertSettings });

    /** The mails sent since the last call, by the alert named in their address. */
    const seen = new Set((await readOutbox(server.outboxDir)).map((mail) => mail.file));
    const newMails = async () => {
      const fresh = (await readOutbox(server.outboxDir)).filter((mail) => !seen.has(mail.file));
      for (const mail of fresh) seen.add(mail.file);
      return new Map(fresh.map((mail) => [mail.to.split('@')[0], mail]));
    };
    expect(await evaluateAlerts(db, mailer(), now)).toEqual({ evaluated: true, events: 4 });
    const mails = await newMails();
    expect(mails.get('anglais')).toMatchObject({ subject: '[Postroom] Alert: anglais' });
    expect(mails.get('anglais')!.text).toContain('1 analysis received over the last hour (alert when fewer than 5).');
    for (const name of ['francais', 'resaved', 'ancienne']) {
      expect(mails.get(name)).toMatchObject({ subject: `[Postroom] Alerte : ${name}` });
      expect(mails.get(name)!.text).toContain('1 analyse reçue sur la dernière heure (alerte quand moins de 5).');
    }

    await insertAnalysis(db, new Date(now.getTime() - 5 * 60_000));
    await insertAnalysis(db, new Date(now.getTime() - 4 * 60_000));
    await insertAnalysis(db, new Date(now.getTime() - 3 * 60_000));
    await insertAnalysis(db, new Date(now.getTime() - 2 * 60_000));
    const later = new Date(now.getTime() + 1000);
    expect(await evaluateAlerts(db, mailer(), later)).toEqual({ evaluated: true, events: 4 });
    const recoveries = await newMails();
    expect(recoveries.get('anglais')).toMatchObject({ subject: '[Postroom] Recovered: anglais' });
    expect(recoveries.get('anglais')!.text).toContain('5 analyses received over the last hour');
    expect(recoveries.get('francais')).toMatchObject({ subject: "[Postroom] Fin d'alerte : francais" });
    expect(recoveries.get('francais')!.text).toContain('5 analyses reçues sur la dernière heure');
  });

  it('fires volume alerts below or above a threshold over a rolling interval, and skips disabled ones', async () => {
    const db = server.handle.db;
    await db.delete(alerts);
    const now = new Date(Date.now() + 3_600_000 * 2);
    // Two analyses in the hour before `now`, one just before that hour.
    await insertAnalysis(db, new Date(now.getTime() - 10 * 60_000));
    await insertAnalysis(db, new Date(now.getTime() - 50 * 60_000));
    await insertAnalysis(db, new Date(now.getTime() - 61 * 60_000));
    const volume = (direction: 'below' | 'above', threshold: number, name: string) =>
      api('POST', '', { kind: 'volume', name, direction, threshold, interval: 'hour', email: 'ops@example.com' });
    await volume('below', 3, 'Trop peu');
    await volume('below', 2, 'Pas trop peu');
    await volume('above', 1, 'Trop');
    const off = (await volume('above', 0, 'Éteinte')).json<Alert>();
    await api('PATCH', `/${off.id}/enabled`, { enabled: false });

    expect(await evaluateAlerts(db, mailer(), now)).toEqual({ evaluated: true, events: 2 });
    const fired = await db.select().from(alertEvents).innerJoin(alerts, eq(alerts.id, alertEvents.alertId));
    expect(fired.map((r) => [r.alerts.settings.name, r.alert_events.kind, r.alert_events.value]).sort()).toEqual([
      ['Trop peu', 'fired', 2],
      ['Trop', 'fired', 2],
    ]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(postgresUrl === undefined || postgresUrl === '')('alert job across processes (PostgreSQL)', () => {
  it('records and mails a firing once when several processes evaluate at the same moment', async () => {
    const database = await scratchDatabase(postgresUrl!);
    const outboxDir = mkdtempSync(join(tmpdir(), 'postroom-alerts-'));
    // One pool per "process", as separate server processes have.
    const handles = await Promise.all([0, 1, 2, 3].map(() => openDatabase(database.url)));
    try {
      await migrateDatabase(handles[0]!);
      await seedDemo(handles[0]!.db);
      const db = handles[0]!.db;
      await db.insert(alerts).values({ id: 'a1', environmentId: ENV, settings: timeout });
      const id = randomUUID();
      const now = new Date();
      await db.insert(analyses).values({ id, environmentId: ENV, name: id, inputType: 'email', status: 'waiting', createdAt: new Date(now.getTime() - 20 * 60_000) });
      const mailer = createMailer({ outboxDir });
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(handles.map((h) => evaluateAlerts(h.db, mailer, new Date(now.getTime() + round * 1000))));
      }
      expect(await db.select().from(alertEvents)).toHaveLength(1);
      expect(await readOutbox(outboxDir)).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await database.drop();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  }, 120_000);
});
