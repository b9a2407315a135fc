/**
 * The test endpoints, the configuration document's check and the checks of the modules'
 * configuration (their messages, on every save and screen) run their engines in module workers
 * (ARCHITECTURE "Threads"): a test whose cost the tenant controls (a slow Liquid program, a huge
 * dictionary, a large document) leaves the server's event loop free while it runs, and one past
 * the module deadline answers 422 `testStopped` with the limit, in the caller's language.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CONFIGURATION_DOCUMENT_MAX_CHARS } from '../../src/contract/configuration-document';
import { environments } from '../db/schema';
import { sharedModulePool } from '../module-workers/module-pool';
import { createNluRuntime } from '../nlu/runtime';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  token = await signIn(server.app, 'admin');
  // A started worker, as in production (main.ts warms the pool): its start is not what is measured.
  await sharedModulePool().run({ kind: 'probe' });
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  delete process.env.POSTROOM_MODULE_DEADLINE_MS;
});

function call(method: 'GET' | 'PUT' | 'POST', env: string, url: string, payload?: object, language = 'fr') {
  return server.app.inject({ method, url: `/v4/console/api/environment/${env}${url}`, headers: { authorization: `Bearer ${token}`, 'accept-language': language }, ...(payload ? { payload } : {}) });
}

/**
 * The longest time this thread's timers went unanswered while `work` ran, in ms (a 10 ms interval;
 * the gap up to the end counts too, so a stall just before the answer is seen).
 */
async function longestStallDuring<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 10);
  try {
    const value = await work();
    tick();
    return { value, stallMs: longest };
  } finally {
    clearInterval(timer);
  }
}

describe('categorization test', () => {
  /** Each run lasts the Liquid sandbox's whole time limit (200 ms). */
  const SLOW = '{% for i in (1..3000) %}{% for j in (1..3000) %}{% endfor %}{% endfor %}';
  /** Twenty categorization modules with that program: seconds of one thread per test. */
  const slowEnvironment = () =>
    createEnvironment(server.handle.db, {
      modules: Array.from({ length: 20 }, (_, index) => ({
        id: `c${index}`,
        type: 'categorization' as const,
        name: `Tri ${index}`,
        config: { categories: [{ id: 'k', name: 'Courrier', rules: [] }], defaultCategory: 'Courrier', advanced: { enabled: true, program: SLOW } },
      })),
    });

  it('keeps the server answering while a slow Liquid program is tested', async () => {
    const envId = await slowEnvironment();
    const { value: response, stallMs } = await longestStallDuring(() => call('POST', envId, '/categorization/test', { text: 'Bonjour', moduleId: 'c19' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ moduleId: 'c19', result: { documents: [{ categories: [{ category: 'Courrier' }] }] } });
    // Generous for a shared machine: on this thread the test held it over 4 s.
    expect(stallMs).toBeLessThan(1500);
  }, 60_000);

  it('answers 422 testStopped with the deadline when the test takes longer', async () => {
    const envId = await slowEnvironment();
    process.env.POSTROOM_MODULE_DEADLINE_MS = '500';
    const response = await call('POST', envId, '/categorization/test', { text: 'Bonjour', moduleId: 'c19' }, 'en');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'testStopped', params: { context: 'timeout', seconds: 0.5 } });
    expect(response.json().message).toBe('This test or check was stopped: it took longer than 0.5 s. Simplify the configuration or the text tested.');
  }, 60_000);
});

describe('the checks of the modules\' configuration', () => {
  /** A Liquid program of nearly the 100 000 characters allowed: each check parses it. */
  const LONG = '{% if a %}x{% endif %}'.repeat(4_500);
  const config = (program: string) => ({ categories: [{ id: 'k', name: 'Courrier', rules: [] }], defaultCategory: 'Courrier', advanced: { enabled: true, program } });

  it('are computed in a module worker for a save: past the deadline it answers 422 testStopped, and nothing is written', async () => {
    // In an NLU project: categorization cannot be configured on a legacy IC one.
    const envId = `env-${randomUUID()}`;
    const modules = Array.from({ length: 20 }, (_, index) => ({ id: `c${index}`, type: 'categorization' as const, name: `Tri ${index}`, active: true, config: config(LONG) }));
    await server.handle.db.insert(environments).values({ id: envId, projectId: 'demo-nlu', name: envId, settings: { modules } });
    const stored = async () => (await server.handle.db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, envId)))[0]!.settings;
    const before = await stored();
    // The screen's messages and every save go through the same checks (categorization/facts.ts).
    process.env.POSTROOM_MODULE_DEADLINE_MS = '100';
    const saved = await call('PUT', envId, '/modules/c0/categorization', { config: config(`${LONG}{{ 1 }}`) }, 'en');
    expect(saved.statusCode).toBe(422);
    expect(saved.json()).toMatchObject({ code: 'testStopped', params: { context: 'timeout', seconds: 0.1 } });
    expect(await stored()).toEqual(before);
  }, 60_000);
});

describe('NLU test and configuration checks', () => {
  /** A dictionary of `count` distinct entries, as an imported one would be. */
  const dictionary = (count: number) => Array.from({ length: count }, (_, index) => `m${index};v${index}`).join('\n');
  const nlu = (method: 'POST' | 'PUT', envId: string, url: string, payload: object) => call(method, envId, `/nlu${url}`, payload);

  /** An environment with a server and, imported, one archetype of a large dictionary (an import does not compile). */
  async function largeDictionaryEnvironment() {
    const envId = await createEnvironment(server.handle.db);
    await nlu('POST', envId, '/contexts', { name: 'courrier', languages: ['fr'] });
    expect((await nlu('POST', envId, '/servers', { name: 'main', contexts: ['courrier'] })).statusCode).toBe(201);
    const archetypes = [{ name: 'mots', langs: ['fr'], dict: [{ lang: 'fr', dictionary: dictionary(ENTRIES) }], regex: [] }];
    const imported = await nlu('POST', envId, '/import', { nlu: { archetypes, contexts: [], servers: [], metadata: { exportVersion: 2 } } });
    expect(imported.statusCode).toBe(200);
    return envId;
  }
  // As an imported one: its compile held this thread over 3 s.
  const ENTRIES = 100_000;

  it('keeps the server answering while the test compiles a large imported dictionary', async () => {
    const envId = await largeDictionaryEnvironment();
    const { value: response, stallMs } = await longestStallDuring(() => nlu('POST', envId, '/test', { text: 'm12 et v77' }));
    expect(response.statusCode).toBe(200);
    expect(stallMs).toBeLessThan(1500);
  }, 120_000);

  it('reads an import in a module worker: past the deadline it answers 422 testStopped and writes nothing', async () => {
    const envId = await createEnvironment(server.handle.db);
    // Converting 100 000 entries took this thread 70–130 ms; the worker is stopped at 5 ms.
    process.env.POSTROOM_MODULE_DEADLINE_MS = '5';
    const archetypes = [{ name: 'mots', langs: ['fr'], dict: [{ lang: 'fr', dictionary: dictionary(ENTRIES) }], regex: [] }];
    const imported = await nlu('POST', envId, '/import', { nlu: { archetypes, contexts: [], servers: [], metadata: { exportVersion: 2 } } });
    expect(imported.statusCode).toBe(422);
    expect(imported.json()).toMatchObject({ code: 'testStopped', params: { context: 'timeout' } });
    delete process.env.POSTROOM_MODULE_DEADLINE_MS;
    const listed = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${envId}/nlu/archetypes`, headers: { authorization: `Bearer ${token}` } });
    expect(listed.json<{ name: string }[]>()).toEqual([]);
  }, 120_000);

  it('checks a new server in a module worker: a compile past the deadline keeps the server and says the check was stopped', async () => {
    const envId = await largeDictionaryEnvironment();
    process.env.POSTROOM_MODULE_DEADLINE_MS = '50';
    const created = await nlu('POST', envId, '/servers', { name: 'second', contexts: ['courrier'], aiVersion: '4.12' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ item: { name: 'second' }, errors: [{ code: 'checkStopped', params: { context: 'timeout', seconds: 0.1 } }] });
  }, 120_000);

  it('answers 422 testStopped with the deadline when the compile takes longer', async () => {
    const envId = await largeDictionaryEnvironment();
    process.env.POSTROOM_MODULE_DEADLINE_MS = '50';
    const response = await nlu('POST', envId, '/test', { text: "m12" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'testStopped', params: { context: 'timeout', seconds: 0.1 } });
  }, 120_000);

  it('keeps a save whose configuration check is stopped, and says the check was stopped', async () => {
    const envId = await largeDictionaryEnvironment();
    process.env.POSTROOM_MODULE_DEADLINE_MS = '50';
    const saved = await nlu('POST', envId, '/archetypes', { name: 'petit', dictionaries: { fr: 'oui;ok' } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ item: { name: 'petit' }, errors: [{ code: 'checkStopped', params: { context: 'timeout', seconds: 0.1 } }] });
    delete process.env.POSTROOM_MODULE_DEADLINE_MS;
    const listed = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${envId}/nlu/archetypes`, headers: { authorization: `Bearer ${token}` } });
    expect(listed.json<{ name: string }[]>().map((archetype) => archetype.name)).toContain('petit');
  }, 120_000);
});

describe('configuration document check', () => {
  /** The environment's document with `count` more archetypes: near the 2 MiB a document may have. */
  async function largeDocument(envId: string, count: number): Promise<string> {
    const document = parse((await call('GET', envId, '/configuration/document')).json<{ text: string }>().text) as { nlu?: { archetypes?: unknown[] } };
    document.nlu = { ...document.nlu, archetypes: Array.from({ length: count }, (_, index) => ({ name: `archetype${index}`, langs: ['fr'], dict: [{ lang: 'fr', dictionary: `mot${index};autre${index}` }], regex: [] })) };
    return stringify(document);
  }

  /**
   * 14 000 archetypes added, each unused: 14 000 changes and 14 000 warnings, MiBs of answer. The
   * comparison with the stored configuration and the answer's check and serialization run in the
   * worker too: measured on a 2-core machine, the longest stall went from 0.71–0.85 s (all of that on
   * this thread) to 0.20–0.43 s (the request, the stored configuration's read, the answer's text).
   * The bound is the suite's usual one for a loaded CI machine.
   */
  it('keeps the server answering while a 2 MiB document with thousands of changes is checked', async () => {
    const envId = await createEnvironment(server.handle.db);
    const text = await largeDocument(envId, 14_000);
    expect(text.length).toBeGreaterThan(1_500_000);
    expect(text.length).toBeLessThan(CONFIGURATION_DOCUMENT_MAX_CHARS);
    const { value: response, stallMs } = await longestStallDuring(() => call('POST', envId, '/configuration/document/check', { text }));
    expect(response.statusCode).toBe(200);
    const checked = response.json<{ changes: { path: string[]; kind: string }[]; problems: { code: string }[]; blocking: unknown[] }>();
    expect(checked.changes.filter((change) => change.path[1] === 'archetypes' && change.kind === 'added')).toHaveLength(14_000);
    expect(checked.changes).toContainEqual(expect.objectContaining({ path: ['nlu', 'archetypes', 'archetype13999'], kind: 'added' }));
    expect(checked.problems.filter((problem) => problem.code === 'unusedArchetype')).toHaveLength(14_000);
    expect(checked.blocking).toEqual([]);
    expect(stallMs).toBeLessThan(1500);
  }, 120_000);

  it('answers 422 testStopped with the deadline when the check takes longer', async () => {
    const envId = await createEnvironment(server.handle.db);
    const text = await largeDocument(envId, 14_000);
    process.env.POSTROOM_MODULE_DEADLINE_MS = '100';
    const response = await call('POST', envId, '/configuration/document/check', { text });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'testStopped', params: { context: 'timeout', seconds: 0.1 } });
  }, 120_000);
});
