/**
 * NLU servers' lifecycle (§4 Servers, §9) through the HTTP API, on an injected clock: manual start
 * goes through `starting`, the NLU test answers 503 aiStarting meanwhile, a test reaching a stopped
 * server starts it, 5 minutes idle stops it (read at once, written by the sweeper), manual stop; an
 * analysis's use is written at most once a second.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NluServer } from '../../src/contract/nlu';
import { nluServers } from '../db/schema-nlu';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { markUsedByAnalysis, sweepServers } from './lifecycle';
import { createNluRuntime } from './runtime';

let server: TestServer;
let clock = Date.parse('2026-11-24T08:00:00Z');
const runtime = createNluRuntime({ startupMs: 3000, now: () => new Date(clock) });
const headers: Record<string, { authorization: string }> = {};
let envId = '';
let serverId = '';

beforeAll(async () => {
  server = await createTestServer({ nlu: runtime });
  for (const user of ['configurator', 'qualifier', 'sre']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  envId = await createEnvironment(server.handle.db);
  await call('configurator', 'POST', '/archetypes', { name: 'claim', dictionaries: { fr: 'sinistre' } });
  const context = (await call('configurator', 'POST', '/contexts', { name: 'insurance' })).json<{ item: { id: string } }>().item;
  await call('configurator', 'POST', '/interactions', { contextId: context.id, name: 'declareClaim', parameters: [{ name: 'event', position: 0, archetype: 'claim' }] });
  serverId = (await call('configurator', 'POST', '/servers', { name: 'main', contexts: ['insurance'] })).json<{ item: NluServer }>().item.id;
}, 180_000);
afterAll(() => server.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api/environment/${envId}/nlu${path}`, headers: headers[user], ...(payload ? { payload } : {}) });
const status = async () => (await call('qualifier', 'GET', '/servers')).json<NluServer[]>()[0]!.status;
const test = () => call('qualifier', 'POST', '/test', { text: 'un sinistre' });
const storedStatus = async () => (await server.handle.db.select({ status: nluServers.status }).from(nluServers).where(eq(nluServers.id, serverId)))[0]!.status;

describe('NLU server lifecycle', () => {
  it('starts by hand through "starting", during which the NLU test answers aiStarting', async () => {
    expect(await status()).toBe('stopped');
    const started = await call('sre', 'POST', `/servers/${serverId}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json<NluServer>().status).toBe('starting');

    const early = await test();
    expect(early.statusCode).toBe(503);
    expect(early.json()).toMatchObject({ code: 'aiStarting', params: { server: 'main' }, retryAfterMs: 3000 });
    expect(early.headers['retry-after']).toBe('3');

    clock += 3000;
    expect(await status()).toBe('started');
    const ready = await test();
    expect(ready.statusCode).toBe(200);
    expect((await call('qualifier', 'GET', '/servers')).json<NluServer[]>()[0]!.lastUsedAt).toBe(new Date(clock).toISOString());
  });

  it('stops after 5 minutes without use; the sweeper writes it down', async () => {
    clock += 4 * 60_000;
    expect(await test().then((r) => r.statusCode)).toBe(200);
    clock += 5 * 60_000 - 1;
    expect(await status()).toBe('started');
    // The demo's own servers (seeded started) may be swept too; only this one matters here.
    expect(await sweepServers(server.handle.db, runtime)).not.toContain(serverId);
    clock += 1;
    expect(await status()).toBe('stopped');
    expect(await storedStatus()).toBe('started');
    expect(await sweepServers(server.handle.db, runtime)).toContain(serverId);
    expect(await storedStatus()).toBe('stopped');
  });

  it('is started again by a test reaching it while stopped, and stopped by hand', async () => {
    const first = await test();
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ code: 'aiStarting' });
    expect(await status()).toBe('starting');
    clock += 3000;
    expect((await test()).statusCode).toBe(200);

    const stopped = await call('configurator', 'POST', `/servers/${serverId}/stop`);
    expect(stopped.json<NluServer>().status).toBe('stopped');
    expect(await storedStatus()).toBe('stopped');
    expect((await call('qualifier', 'POST', `/servers/${serverId}/stop`)).statusCode).toBe(403);
  });

  it("records an analysis's use at most once a second, so a busy server is not written per analysis", async () => {
    const lastUsed = async () => (await server.handle.db.select({ at: nluServers.lastUsedAt }).from(nluServers).where(eq(nluServers.id, serverId)))[0]!.at;
    const row = () => lastUsed().then((at) => ({ id: serverId, lastUsedAt: at }));
    clock += 60_000;
    expect(await markUsedByAnalysis(server.handle.db, await row(), runtime)).toBe(true);
    const marked = clock;
    expect((await lastUsed())?.getTime()).toBe(marked);
    clock += 999;
    expect(await markUsedByAnalysis(server.handle.db, await row(), runtime)).toBe(false);
    expect((await lastUsed())?.getTime()).toBe(marked);
    clock += 1;
    expect(await markUsedByAnalysis(server.handle.db, await row(), runtime)).toBe(true);
    expect((await lastUsed())?.getTime()).toBe(clock);
    // Never used (or just started): always written.
    expect(await markUsedByAnalysis(server.handle.db, { id: serverId, lastUsedAt: null }, runtime)).toBe(true);
  });

  it('marks a starting server started once its start-up time is over (sweeper)', async () => {
    await call('configurator', 'POST', `/servers/${serverId}/start`);
    expect(await storedStatus()).toBe('starting');
    clock += 3001;
    await sweepServers(server.handle.db, runtime);
    expect(await storedStatus()).toBe('started');
  });
});
