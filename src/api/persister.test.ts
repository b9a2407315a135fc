/**
 * Offline mutations (paused, persisted, replayed once on reconnect, surviving a reload) and the
 * per-user query cache, against a real local HTTP server and IndexedDB (fake-indexeddb).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { access, defineEndpoint } from '../contract/define';
import { request } from './request';
import { configureRequestLayer } from './request-layer';
import { defineOfflineMutation, registerMutationDefaults } from './mutation-defaults';
import { createIndexedDbPersister, startQueryPersistence } from './persister';
import { loadStore, readEntry, removeEntry, storageKeys, writeEntry } from '../storage';
import { db } from '../storage/db';

const saveNote = defineEndpoint({
  id: 'test.saveNote',
  method: 'POST',
  path: '/notes',
  summary: 'test',
  access: access.signedIn,
  body: z.object({ text: z.string() }),
});
const noteMutation = defineOfflineMutation(['notes', 'save'], (body: { text: string }) => request(saveNote, { body }));

let server: Server;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureRequestLayer({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getCredentials: () => ({}),
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A signed token's shape (only its subject is read by the console; the server checks the rest). */
const tokenOf = (sub: string) => `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.signature`;

// Someone is signed in: the cache is persisted for signed-in users only.
beforeEach(async () => {
  received.length = 0;
  await db.entries.clear();
  await loadStore();
  await writeEntry(storageKeys.token, tokenOf('carol'));
  onlineManager.setOnline(true);
});

const settle = (ms = 450) => new Promise((resolve) => setTimeout(resolve, ms));

describe('nobody signed in', () => {
  it('keeps the login pages’ answers in memory only, so the login page does not load the database', async () => {
    await removeEntry(storageKeys.token);
    const client = new QueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['auth', 'socialProviders'], { providers: [] });
    await settle();
    expect(readEntry(storageKeys.queryCache)).toBeUndefined();
    await loadStore();
    expect(readEntry(storageKeys.queryCache)).toBeUndefined();
    stop();
  });
});

describe('offline mutations', () => {
  it('are paused offline, persisted, and replayed once after a reload and reconnect', async () => {
    onlineManager.setOnline(false);
    const first = new QueryClient();
    registerMutationDefaults(first);
    first.mount();
    const stop = await startQueryPersistence(first);
    void new MutationObserver<unknown, Error, { text: string }>(first, { mutationKey: noteMutation.mutationKey, meta: noteMutation.meta })
      .mutate({ text: 'hello' })
      .catch(() => undefined);
    await expect.poll(() => first.getMutationCache().getAll().filter((m) => m.state.isPaused).length, { timeout: 5_000 }).toBe(1);
    // The paused mutation reaches IndexedDB's mirror before the tab goes (the persister throttles its writes).
    await expect.poll(() => readEntry<{ clientState: { mutations: unknown[] } }>(storageKeys.queryCache)?.clientState.mutations.length, { timeout: 5_000 }).toBe(1);
    expect(received).toEqual([]);
    await settle(); // and IndexedDB's own write settles
    stop();
    first.unmount();

    // The tab is reloaded: a new client restores the paused mutation from IndexedDB.
    await loadStore();
    const persisted = readEntry<{ clientState: { mutations: unknown[] } }>(storageKeys.queryCache);
    expect(persisted?.clientState.mutations).toHaveLength(1);
    const second = new QueryClient();
    registerMutationDefaults(second);
    second.mount();
    const stopSecond = await startQueryPersistence(second);
    expect(received).toEqual([]);

    onlineManager.setOnline(true);
    // Polled, not a fixed wait: a loaded machine may take longer than a quiet one to replay it.
    await expect.poll(() => received, { timeout: 5_000 }).toEqual(['POST /notes {"text":"hello"}']);
    await settle();
    expect(received).toHaveLength(1);
    stopSecond();
    second.unmount();
  });

  it('does not persist mutations that did not ask to be (e.g. a sign-in with a password)', async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient();
    const stop = await startQueryPersistence(client);
    void new MutationObserver(client, { mutationFn: async () => undefined }).mutate({ password: 'secret' } as never).catch(() => undefined);
    client.setQueryData(['something'], { ok: true });
    const persisted = () => JSON.stringify(readEntry<{ clientState: unknown }>(storageKeys.queryCache));
    await expect.poll(persisted, { timeout: 5_000 }).toContain('"ok":true');
    expect(persisted()).not.toContain('secret');
    stop();
  });

  it('leaves out the queries that ask not to be persisted (a test run of 1,000 messages), keeps the others', async () => {
    const client = new QueryClient();
    const stop = await startQueryPersistence(client);
    await client.fetchQuery({ queryKey: ['run', 'big'], queryFn: async () => ({ rows: 'big run rows' }), meta: { persist: false } });
    await client.fetchQuery({ queryKey: ['run', 'list'], queryFn: async () => ({ rows: 'run list' }) });
    await settle();
    const persisted = JSON.stringify(readEntry(storageKeys.queryCache));
    expect(persisted).toContain('run list');
    expect(persisted).not.toContain('big run rows');
    stop();

    // After a reload the list is there at once, the big run is fetched again.
    await loadStore();
    const reloaded = new QueryClient();
    const stopReloaded = await startQueryPersistence(reloaded);
    expect(reloaded.getQueryData(['run', 'list'])).toEqual({ rows: 'run list' });
    expect(reloaded.getQueryData(['run', 'big'])).toBeUndefined();
    stopReloaded();
  });

  it('writes the cache at once when the page goes (a reload right after a save restores the saved data)', async () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    try {
      const client = new QueryClient();
      const stop = await startQueryPersistence(client);
      client.setQueryData(['settings'], { type: 'before' });
      await settle();
      client.setQueryData(['settings'], { type: 'saved' });
      // Within the coalescing delay the stored copy is still the old one, until the page goes.
      expect(JSON.stringify(readEntry(storageKeys.queryCache))).toContain('before');
      page.dispatchEvent(new Event('pagehide'));
      expect(JSON.stringify(readEntry(storageKeys.queryCache))).toContain('saved');
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('never restores another user’s cache', async () => {
    await writeEntry(storageKeys.token, tokenOf('alice'));
    const alice = new QueryClient();
    const stop = await startQueryPersistence(alice);
    alice.setQueryData(['private'], 'alice data');
    await settle();
    stop();
    expect(JSON.stringify(readEntry(storageKeys.queryCache))).toContain('alice data');

    await writeEntry(storageKeys.token, tokenOf('bob'));
    const bob = new QueryClient();
    const stopBob = await startQueryPersistence(bob);
    expect(bob.getQueryData(['private'])).toBeUndefined();
    stopBob();
  });

  it('drops a write of the previous user that lands after the next one signed in, even across a reload', async () => {
    // The console started on the login page (nobody signed in), then Alice signed in.
    const tab = new QueryClient();
    const persister = createIndexedDbPersister();
    const stop = await startQueryPersistence(tab, persister);
    await writeEntry(storageKeys.token, tokenOf('alice'));
    tab.setQueryData(['user'], { name: 'Alice' });
    // While that copy waits in the coalescing delay, Alice is signed out (here, by another tab) and
    // Bob signs in: the stored cache and the token change under this tab.
    await removeEntry(storageKeys.queryCache);
    await removeEntry(storageKeys.token);
    await writeEntry(storageKeys.token, tokenOf('bob'));
    // The late write goes (its delay ends, or the page goes): nothing of Alice reaches IndexedDB.
    persister.flush();
    await settle();
    stop();
    expect(JSON.stringify(readEntry(storageKeys.queryCache) ?? null)).not.toContain('Alice');

    // Bob reloads before anything of his was stored: Alice's name does not come back.
    await loadStore();
    const reloaded = new QueryClient();
    const stopReloaded = await startQueryPersistence(reloaded);
    expect(reloaded.getQueryData(['user'])).toBeUndefined();
    // His own answers are kept and restored as usual.
    reloaded.setQueryData(['user'], { name: 'Bob' });
    await settle();
    stopReloaded();
    await loadStore();
    const again = new QueryClient();
    const stopAgain = await startQueryPersistence(again);
    expect(again.getQueryData(['user'])).toEqual({ name: 'Bob' });
    stopAgain();
  });
});
