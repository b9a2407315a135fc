/**
 * The audit log groups a staff member's consecutive reads of an organisation (real routes, in-memory
 * PGlite): one entry counts them from the first to the last, a change in between or a long pause
 * starts a new one, and paging and the filters count entries as the screen shows them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from './db/schema';
import { demoUserId } from './db/seed-data';
import { READ_GROUP_GAP_MS } from './audit';
import { createTestServer, signIn, type TestServer } from './test-support/test-server';

const API = '/v4/console/api';
let server: TestServer;
const tokens: Record<string, string> = {};

interface Entry {
  actorUsername: string;
  method: string;
  action: string;
  calls: number;
  at: string;
  firstAt: string | null;
  targetType: string | null;
  targetId: string | null;
  names: { environment?: string; project?: string } | null;
}
interface Page {
  items: Entry[];
  total: number;
}

beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['admin', 'sre']) tokens[who] = await signIn(server.app, who);
  // A fresh database migrates first: tens of seconds on a busy machine.
}, 240_000);
afterAll(() => server.close());

async function call(who: string, method: 'GET' | 'PUT', url: string, payload?: object) {
  const response = await server.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${tokens[who]!}` }, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}
const log = async (query = '') => (await call('admin', 'GET', `/organisation/demo/audit-logs${query}`)).json<Page>();
const sreEntries = async (query = '') => (await log(query)).items.filter((entry) => entry.actorUsername === 'sre');

describe('reads by provider staff', () => {
  it('are one entry that counts them, from the first to the last, naming the place while it stays the same', async () => {
    for (let i = 0; i < 3; i++) await call('sre', 'GET', '/environment/demo-ic-recette/settings');
    let [entry, ...others] = await sreEntries();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ method: 'GET', calls: 3, targetType: 'environment', targetId: 'demo-ic-recette' });
    expect(entry!.names?.environment).toBeTruthy();
    expect(Date.parse(entry!.firstAt!)).toBeLessThanOrEqual(Date.parse(entry!.at));

    // Another place of the organisation: still the same entry, which now names the organisation.
    await call('sre', 'GET', '/project/demo-nlu/environments');
    [entry, ...others] = await sreEntries();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ calls: 4, targetType: 'organisation', targetId: 'demo', names: null });
  });

  it('start a new entry after a change by the same person, so the log keeps its order', async () => {
    const settings = (await call('sre', 'GET', '/environment/demo-ic-recette/settings')).json<Record<string, unknown>>();
    await call('sre', 'PUT', '/environment/demo-ic-recette/settings', { name: settings.name, visibility: settings.visibility, priority: settings.priority, settings: settings.settings });
    await call('sre', 'GET', '/environment/demo-ic-recette/settings');
    await call('sre', 'GET', '/environment/demo-ic-recette/settings');
    const entries = await sreEntries();
    expect(entries.map((entry) => [entry.method, entry.calls])).toEqual([
      ['GET', 2],
      ['PUT', 1],
      ['GET', 5],
    ]);
  });

  it('start a new entry after a pause longer than the gap', async () => {
    const [latest] = await server.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, demoUserId('sre')), eq(auditLogs.method, 'GET')))
      .orderBy(auditLogs.at)
      .then((rows) => rows.slice(-1));
    // The latest read entry as if its last read were older than the gap (just after midnight UTC, that is the day before).
    const earlier = new Date(Date.now() - READ_GROUP_GAP_MS - 60_000);
    await server.handle.db.update(auditLogs).set({ at: earlier, firstAt: earlier }).where(eq(auditLogs.id, latest!.id));
    await call('sre', 'GET', '/environment/demo-ic-recette/settings');
    const entries = await sreEntries();
    // Newest first: the new read, the change, the first reads, then the entry moved back in time.
    expect(entries.map((entry) => [entry.method, entry.calls])).toEqual([
      ['GET', 1],
      ['PUT', 1],
      ['GET', 5],
      ['GET', 2],
    ]);
  });

  it('are paged and filtered as entries: the total counts the lines the screen shows', async () => {
    const reads = await log('?action=read');
    expect(reads.items.every((entry) => entry.method === 'GET')).toBe(true);
    expect(reads.total).toBe(reads.items.length);
    expect(reads.items.filter((entry) => entry.actorUsername === 'sre').map((entry) => entry.calls)).toEqual([1, 5, 2]);
    const bySre = await log('?person=sre');
    expect(bySre.total).toBe(4);
    // From the day of the entry moved back in time (the day before, when the suite runs just after midnight UTC) to today.
    const today = new Date().toISOString().slice(0, 10);
    const firstDay = bySre.items.map((entry) => entry.at.slice(0, 10)).sort()[0]!;
    expect((await log(`?person=sre&from=${firstDay}&to=${today}`)).total).toBe(4);
    const dayBefore = new Date(Date.parse(firstDay) - 86_400_000).toISOString().slice(0, 10);
    expect((await log(`?person=sre&from=${dayBefore}&to=${dayBefore}`)).total).toBe(0);
  });
});
