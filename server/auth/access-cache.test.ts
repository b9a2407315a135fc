/**
 * The access cache (access-cache.ts): what it keeps, and that a change of rights is seen by the very
 * next call of this process, and by another process within the TTL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { createTestServer, signIn, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';
import { multipart } from '../test-support/multipart';
import type { AccessFact } from '../../src/contract/define';
import { type AccessCache, createAccessCache } from './access-cache';

describe('createAccessCache', () => {
  it('serves a kept value until the TTL runs out, then loads again', async () => {
    let clock = 0;
    const cache = createAccessCache({ ttlMs: 1000, now: () => clock });
    const table = cache.table<number>('t', ['identities']);
    let loads = 0;
    const load = async () => ++loads;
    expect(await table.get('k', load)).toBe(1);
    clock = 999;
    expect(await table.get('k', load)).toBe(1);
    clock = 1000;
    expect(await table.get('k', load)).toBe(2);
  });

  it('forgets everything on invalidate, and never keeps a value loaded across an invalidation', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    const table = cache.table<string>('t', ['identities']);
    expect(await table.get('k', async () => 'old')).toBe('old');
    cache.invalidate();
    // A read that began before a change and ends after its invalidation answers what it read...
    let finish: (value: string) => void = () => undefined;
    const slow = table.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate();
    finish('read before the change');
    expect(await slow).toBe('read before the change');
    // ...but does not leave it for the next caller.
    expect(await table.get('k', async () => 'new')).toBe('new');
  });

  it('loads a missing value once for the callers that come while it loads', async () => {
    const table = createAccessCache({ ttlMs: 60_000 }).table<number>('t', ['identities']);
    let loads = 0;
    let finish: () => void = () => undefined;
    const load = () => new Promise<number>((resolve) => (finish = () => resolve(++loads)));
    const callers = [table.get('k', load), table.get('k', load), table.get('k', load)];
    finish();
    expect(await Promise.all(callers)).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not share a load that began before an invalidation with the callers after it', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    const table = cache.table<string>('t', ['identities']);
    let finishOld: (value: string) => void = () => undefined;
    const before = table.get('k', () => new Promise<string>((resolve) => (finishOld = resolve)));
    cache.invalidate();
    const after = table.get('k', async () => 'after the change');
    finishOld('before the change');
    expect(await before).toBe('before the change');
    expect(await after).toBe('after the change');
  });

  it('reads a value again in the background in the second half of its life, and serves it past its TTL only while that read is under way', async () => {
    let clock = 0;
    const table = createAccessCache({ ttlMs: 1000, staleMs: 5000, now: () => clock }).table<string>('t', ['identities']);
    let finish: (value: string) => void = () => undefined;
    const slowLoad = () => new Promise<string>((resolve) => (finish = resolve));
    const first = table.get('k', slowLoad);
    finish('v1');
    expect(await first).toBe('v1');
    // First half: served, nothing loaded.
    clock = 400;
    let loads = 0;
    expect(await table.get('k', async () => `unexpected ${++loads}`)).toBe('v1');
    expect(loads).toBe(0);
    // Second half: served at once, while a fresh read starts.
    clock = 600;
    expect(await table.get('k', slowLoad)).toBe('v1');
    // Past the TTL with that read still under way (a busy database): still served, nothing more loaded...
    clock = 3000;
    expect(await table.get('k', async () => `unexpected ${++loads}`)).toBe('v1');
    expect(loads).toBe(0);
    // ...but never staleMs past the TTL: then the caller waits for the read.
    clock = 6000;
    const late = table.get('k', async () => 'a second read');
    finish('v2');
    expect(await late).toBe('v2');
    expect(await table.get('k', async () => 'not needed')).toBe('v2');
  });

  it('does not serve an expired value when no read of it is under way', async () => {
    let clock = 0;
    const table = createAccessCache({ ttlMs: 1000, staleMs: 5000, now: () => clock }).table<string>('t', ['identities']);
    expect(await table.get('k', async () => 'v1')).toBe('v1');
    // Nobody read it in the second half of its life: past its TTL it is loaded again first.
    clock = 1500;
    expect(await table.get('k', async () => 'v2')).toBe('v2');
  });

  it('empties only the tables holding the facts a write changes', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    const sessions = cache.table<string>('sessions', ['identities']);
    const environments = cache.table<string>('environments', ['environments']);
    const view = cache.table<string>('view', ['identities', 'memberships']);
    for (const table of [sessions, environments, view]) expect(await table.get('k', async () => 'old')).toBe('old');
    cache.invalidate(['environments']);
    expect(await sessions.get('k', async () => 'new')).toBe('old');
    expect(await view.get('k', async () => 'new')).toBe('old');
    expect(await environments.get('k', async () => 'new')).toBe('new');
    cache.invalidate(['memberships', 'projects']);
    expect(await sessions.get('k', async () => 'new')).toBe('old');
    expect(await view.get('k', async () => 'new')).toBe('new');
    cache.invalidate([]);
    expect(await sessions.get('k', async () => 'new')).toBe('old');
    cache.invalidate();
    expect(await sessions.get('k', async () => 'new')).toBe('new');
  });

  it('refuses a table declared again with other facts', () => {
    const cache = createAccessCache();
    cache.table('t', ['identities', 'memberships']);
    expect(() => cache.table('t', ['identities', 'memberships'])).not.toThrow();
    expect(() => cache.table('t', ['identities'])).toThrow(/other facts/);
  });

  it('shares one load between every caller of a table, however they reach it', async () => {
    const cache = createAccessCache({ ttlMs: 60_000 });
    let loads = 0;
    let finish: () => void = () => undefined;
    const load = () => new Promise<number>((resolve) => (finish = () => resolve(++loads)));
    // Each request asks the cache for its table anew (guard.ts, permissions.ts).
    const callers = [cache.table<number>('t', ['identities']).get('k', load), cache.table<number>('t', ['identities']).get('k', load)];
    finish();
    expect(await Promise.all(callers)).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('peeks at a value within its TTL without loading it, and at nothing once forgotten or expired', async () => {
    let clock = 0;
    const cache = createAccessCache({ ttlMs: 1000, now: () => clock });
    const table = cache.table<string | null>('t', ['identities']);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(table.peek('k', load)).toBeUndefined();
    expect(loads).toBe(0);
    expect(await table.get('k', load)).toBe('v1');
    expect(table.peek('k', load)?.value).toBe('v1');
    // A kept null (no such session) is a value, told apart from nothing kept.
    expect(await table.get('none', async () => null)).toBeNull();
    expect(table.peek('none', load)).toEqual({ value: null, expiresAt: 1000 });
    cache.invalidate(['identities']);
    expect(table.peek('k', load)).toBeUndefined();
    expect(await table.get('k', load)).toBe('v2');
    // Second half of its life: served, and read again in the background as `get` does.
    clock = 600;
    expect(table.peek('k', load)?.value).toBe('v2');
    await Promise.resolve();
    expect(loads).toBe(3);
    clock = 5000;
    expect(table.peek('k', load)).toBeUndefined();
  });

  it('hands out one handle per table', () => {
    const cache = createAccessCache();
    expect(cache.table('t', ['identities'])).toBe(cache.table('t', ['identities']));
  });

  it('keeps nothing with a TTL of 0', async () => {
    const table = createAccessCache({ ttlMs: 0 }).table<number>('t', ['identities']);
    let loads = 0;
    await table.get('k', async () => ++loads);
    await table.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('rights changed while the cache is warm', () => {
  let server: TestServer;
  const cache = createAccessCache({ ttlMs: 60_000 });
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer({ accessCache: cache });
    for (const user of ['admin', 'qualifier', 'viewer', 'light']) bearer[user] = `Bearer ${await signIn(server.app, user)}`;
  });
  afterAll(() => server.close());

  const call = (user: string, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url: `/v4/console/api${url}`, headers: { authorization: bearer[user] ?? '' }, payload });
  const me = async (user: string) => (await call(user, 'GET', '/user')).json<{ role: string; organisations: { id: string }[]; projectPermissions: { projectId: string; profile: string }[] }>();

  it('sees a role change on the next call', async () => {
    // Warm: the view and the rights are now kept.
    expect((await me('viewer')).role).toBe('ROLE_PROJECT_VIEWER');
    expect((await call('viewer', 'GET', '/environment/demo-ic-recette')).statusCode).toBe(404);
    expect((await call('viewer', 'GET', '/environment/demo-ic-recette')).statusCode).toBe(404);

    const patched = await call('admin', 'PATCH', '/organisation/demo/members/demo-user-viewer', {
      profiles: [
        { projectId: 'demo-ic', profile: 'configurator' },
        { projectId: 'demo-nlu', profile: 'cockpit' },
      ],
    });
    expect(patched.statusCode).toBe(200);

    const after = await me('viewer');
    expect(after.role).toBe('ROLE_PROJECT_ADMIN');
    expect(after.projectPermissions).toContainEqual({ projectId: 'demo-ic', profile: 'configurator' });
    // The private environment is now visible to a configurator of its project.
    expect((await call('viewer', 'GET', '/environment/demo-ic-recette')).statusCode).toBe(200);
  });

  it('sees a removal from the organisation on the next call', async () => {
    expect((await me('qualifier')).organisations.map((o) => o.id)).toContain('demo');
    expect((await call('qualifier', 'GET', '/project/demo-ic')).statusCode).toBe(200);

    expect((await call('admin', 'DELETE', '/organisation/demo/members/demo-user-qualifier')).statusCode).toBe(204);

    expect((await me('qualifier')).organisations.map((o) => o.id)).not.toContain('demo');
    expect((await call('qualifier', 'GET', '/project/demo-ic')).statusCode).toBe(404);
    expect((await call('qualifier', 'GET', '/organisation/demo')).statusCode).toBe(404);
  });

  it('refuses a deleted user on the next call once the deleting code invalidates the cache', async () => {
    expect((await call('light', 'GET', '/user')).statusCode).toBe(200);
    // No API deletes users; a script or job that does calls invalidate() (access-cache.ts).
    await server.handle.db.delete(users).where(eq(users.id, 'demo-user-light'));
    cache.invalidate();
    expect((await call('light', 'GET', '/user')).statusCode).toBe(401);
  });
});

describe('two server processes on one database', () => {
  let server: TestServer;
  const TTL_MS = 300;

  beforeAll(async () => {
    server = await createTestServer({ accessCacheTtlMs: TTL_MS });
  });
  afterAll(() => server.close());

  it("sees another process's change within the TTL", async () => {
    const other = buildApp({ db: server.handle.db, jwtSecret: TEST_JWT_SECRET, mailer: createMailer({ outboxDir: server.outboxDir }) });
    await other.ready();
    try {
      const configurator = `Bearer ${await signIn(server.app, 'configurator')}`;
      const admin = `Bearer ${await signIn(other, 'admin')}`;
      const get = () => server.app.inject({ method: 'GET', url: '/v4/console/api/project/demo-nlu', headers: { authorization: configurator } });
      expect((await get()).statusCode).toBe(200);

      const changed = await other.inject({
        method: 'PATCH',
        url: '/v4/console/api/organisation/demo/members/demo-user-configurator',
        headers: { authorization: admin },
        payload: { profiles: [{ projectId: 'demo-ic', profile: 'configurator' }, { projectId: 'demo-nlu', profile: 'noAccess' }] },
      });
      expect(changed.statusCode).toBe(200);

      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
      expect((await get()).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('writes that change few or no access facts', () => {
  let server: TestServer;
  const emptied: (readonly AccessFact[] | 'all')[] = [];
  const inner = createAccessCache({ ttlMs: 60_000 });
  const counted: AccessCache = {
    table: inner.table,
    invalidate(facts) {
      emptied.push(facts ?? 'all');
      inner.invalidate(facts);
    },
  };

  beforeAll(async () => {
    server = await createTestServer({ accessCache: counted });
  });
  afterAll(() => server.close());

  const as = async (user: string) => ({ authorization: `Bearer ${await signIn(server.app, user)}` });

  it('keep the cache after queueing an analysis or an NLU write, forget environments after a settings save, and everything after any other write', async () => {
    const headers = await as('admin');
    const body = await multipart({ file: { name: 'note.eml', content: 'From: a@example.com\r\nSubject: Note\r\n\r\nBonjour.\r\n' } });
    emptied.length = 0;
    const queued = await server.app.inject({ method: 'POST', url: '/v4/console/api/environment/demo-ic-prod/analyses', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(queued.statusCode, queued.body).toBe(201);
    const archetype = await server.app.inject({ method: 'POST', url: '/v4/console/api/environment/demo-nlu-recette/nlu/archetypes', headers, payload: { name: 'cache-test', dictionaries: { fr: 'bonjour' } } });
    expect(archetype.statusCode, archetype.body).toBe(201);
    expect(emptied).toEqual([]);

    const current = (await server.app.inject({ method: 'GET', url: '/v4/console/api/environment/demo-ic-prod/settings', headers })).json<{ name: string; visibility: string; priority: boolean; settings: object }>();
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/v4/console/api/environment/demo-ic-prod/settings',
      headers,
      payload: { name: current.name, visibility: current.visibility, priority: current.priority, settings: current.settings },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(emptied).toEqual([['environments']]);

    const regranted = await server.app.inject({
      method: 'PATCH',
      url: '/v4/console/api/organisation/demo/members/demo-user-configurator',
      headers,
      payload: { profiles: [{ projectId: 'demo-ic', profile: 'configurator' }, { projectId: 'demo-nlu', profile: 'noAccess' }] },
    });
    expect(regranted.statusCode, regranted.body).toBe(200);
    expect(emptied).toEqual([['environments'], 'all']);
  });

  it('sees an environment made private on the next call, the rest of the cache kept', async () => {
    const admin = await as('admin');
    const viewer = await as('viewer');
    const read = () => server.app.inject({ method: 'GET', url: '/v4/console/api/environment/demo-nlu-prod', headers: viewer });
    expect((await read()).statusCode).toBe(200);
    const current = (await server.app.inject({ method: 'GET', url: '/v4/console/api/environment/demo-nlu-prod/settings', headers: admin })).json<{ name: string; priority: boolean; settings: object }>();
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/v4/console/api/environment/demo-nlu-prod/settings',
      headers: admin,
      payload: { name: current.name, visibility: 'private', priority: current.priority, settings: current.settings },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).statusCode).toBe(404);
  });
});
