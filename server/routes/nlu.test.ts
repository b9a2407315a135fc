/**
 * NLU configuration endpoints: CRUD and validation of archetypes, contexts, interactions,
 * functions and servers; configuration errors with line numbers on save; who may do what; the engine
 * cache invalidated by writes. Sentences and dictionaries use exact words only, so any correct
 * engine gives these results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NluResult } from '../../src/contract/modules/nlu';
import type { Archetype, NluConfigErrorView, NluContext, NluInteraction, NluServer } from '../../src/contract/nlu';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { createNluRuntime } from '../nlu/runtime';

let server: TestServer;
const runtime = createNluRuntime({ startupMs: 0 });
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer({ nlu: runtime });
  for (const user of ['admin', 'configurator', 'qualifier', 'viewer', 'sre']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
}, 180_000);
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: string, method: Method, envId: string, path: string, payload?: unknown) =>
  server.app.inject({ method, url: `/v4/console/api/environment/${envId}/nlu${path}`, headers: headers[user], ...(payload === undefined ? {} : { payload: payload as object }) });

type Saved<T> = { item: T; errors: NluConfigErrorView[] };

async function created<T>(envId: string, path: string, payload: unknown): Promise<Saved<T>> {
  const response = await call('configurator', 'POST', envId, path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Saved<T>>();
}

/** A small insurance configuration: a claim archetype, a context with one interaction, a server. */
async function insuranceEnvironment(server: Partial<NluServer> = {}) {
  const envId = await createEnvironment(serverDb());
  const claim = await created<Archetype>(envId, '/archetypes', { name: 'claim', dictionaries: { fr: 'sinistre;sinistres\nincendie', gb: 'claim;claims\nfire' } });
  const contract = await created<Archetype>(envId, '/archetypes', { name: 'contract', dictionaries: { fr: 'contrat;contrats', gb: 'contract;policy' } });
  const context = await created<NluContext>(envId, '/contexts', { name: 'insurance', languages: ['fr', 'gb'] });
  const interaction = await created<NluInteraction>(envId, '/interactions', {
    contextId: context.item.id,
    name: 'declareClaim',
    parameters: [
      { name: 'event', position: 0, archetype: 'claim' },
      { name: 'contract', position: 1, archetype: 'contract', optional: true },
    ],
  });
  const nluServer = await created<NluServer>(envId, '/servers', { name: 'main', contexts: ['insurance'], ...server });
  return { envId, claim, contract, context, interaction, server: nluServer };
}

const serverDb = () => server.handle.db;

describe('NLU configuration', () => {
  it('creates, lists, updates and deletes archetypes, names unique per environment', async () => {
    const envId = await createEnvironment(serverDb());
    const first = await created<Archetype>(envId, '/archetypes', { name: 'claim', dictionaries: { fr: 'sinistre' } });
    expect(first).toMatchObject({ item: { name: 'claim', dictionaries: { fr: 'sinistre' }, notes: '' }, errors: [] });

    const twice = await call('configurator', 'POST', envId, '/archetypes', { name: 'claim', dictionaries: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'nluNameTaken', params: { name: 'claim' } });
    expect((await call('configurator', 'POST', envId, '/archetypes', { name: '  ', dictionaries: {} })).statusCode).toBe(400);
    expect((await call('configurator', 'POST', envId, '/archetypes', { name: 'a[b]', dictionaries: {} })).statusCode).toBe(400);

    const renamed = await call('configurator', 'PUT', envId, `/archetypes/${first.item.id}`, { name: 'event', dictionaries: { fr: 'incendie' }, notes: 'n' });
    expect(renamed.json<Saved<Archetype>>().item).toMatchObject({ id: first.item.id, name: 'event', dictionaries: { fr: 'incendie' }, notes: 'n' });
    const list = (await call('qualifier', 'GET', 'demo-ic-prod', '/archetypes')).json<Archetype[]>();
    expect(list).toEqual([]);
    const ownList = await call('admin', 'GET', envId, '/archetypes');
    expect(ownList.json<Archetype[]>().map((a) => a.name)).toEqual(['event']);

    expect((await call('configurator', 'DELETE', envId, `/archetypes/${first.item.id}`)).statusCode).toBe(204);
    const again = await call('configurator', 'DELETE', envId, `/archetypes/${first.item.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'nluNotFound' });
  });

  it('stores a save with configuration errors and answers them with their line numbers', async () => {
    const envId = await createEnvironment(serverDb());
    const saved = await created<Archetype>(envId, '/archetypes', { name: 'letter', dictionaries: { fr: '// lettres\n[[missing]] recommandée;lettre' } });
    expect(saved.item.name).toBe('letter');
    expect(saved.errors).toEqual([expect.objectContaining({ code: 'unknownArchetype', archetype: 'letter', language: 'fr', line: 2, params: expect.objectContaining({ name: 'missing' }) })]);
    // Writing the missing archetype clears the error: the check sees the whole configuration again.
    await created<Archetype>(envId, '/archetypes', { name: 'missing', dictionaries: { fr: 'courrier' } });
    const check = await call('qualifier', 'GET', envId, '/check');
    expect(check.json()).toEqual({ errors: [], contextsWithoutServer: [] });
  });

  it('keeps contexts, interactions and servers consistent: counts, links, renames and deletes', async () => {
    const { envId, context, interaction, server: nluServer } = await insuranceEnvironment();
    expect(interaction.errors).toEqual([]);
    expect(nluServer.item).toMatchObject({ name: 'main', status: 'stopped', contexts: ['insurance'], aiVersion: '4.12', defaultLanguage: 'fr' });
    expect(nluServer.item.token).toMatch(/^[\w-]{20,}$/);

    const lonely = await created<NluContext>(envId, '/contexts', { name: 'lonely' });
    expect(lonely.item).toMatchObject({ servers: [], interactionCount: 0 });
    expect((await call('qualifier', 'GET', envId, '/check')).json()).toMatchObject({ contextsWithoutServer: ['lonely'] });

    const contexts = (await call('qualifier', 'GET', envId, '/contexts')).json<NluContext[]>();
    expect(contexts.map((c) => [c.name, c.interactionCount, c.servers])).toEqual([
      ['insurance', 1, ['main']],
      ['lonely', 0, []],
    ]);

    const unknown = await call('configurator', 'POST', envId, '/servers', { name: 'other', contexts: ['nowhere'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'nluNotFound' });
    const dupInteraction = await call('configurator', 'POST', envId, '/interactions', { contextId: context.item.id, name: 'declareClaim' });
    expect(dupInteraction.statusCode).toBe(409);

    await call('configurator', 'PUT', envId, `/contexts/${context.item.id}`, { name: 'assurance', languages: ['fr'] });
    const servers = (await call('configurator', 'GET', envId, '/servers')).json<NluServer[]>();
    expect(servers.map((s) => s.contexts)).toEqual([['assurance']]);
    const interactions = (await call('qualifier', 'GET', envId, '/interactions')).json<NluInteraction[]>();
    expect(interactions.map((i) => [i.context, i.name])).toEqual([['assurance', 'declareClaim']]);

    expect((await call('configurator', 'DELETE', envId, `/contexts/${context.item.id}`)).statusCode).toBe(204);
    expect((await call('qualifier', 'GET', envId, '/interactions')).json()).toEqual([]);
    expect((await call('configurator', 'GET', envId, '/servers')).json<NluServer[]>()[0]!.contexts).toEqual([]);
  });

  it('reports distance -1 on a server older than 4.12, and an unknown interaction function', async () => {
    const { envId, context } = await insuranceEnvironment({ aiVersion: 'v4.9_prod' });
    const saved = await created<NluInteraction>(envId, '/interactions', {
      contextId: context.item.id,
      name: 'anywhere',
      distance: -1,
      parameters: [{ name: 'event', position: 0, archetype: 'claim' }],
      functions: ['notWritten'],
    });
    expect(saved.errors.map((e) => e.code).sort()).toEqual(['distanceNeedsVersion', 'unknownInteractionFunction']);
    expect(saved.errors.every((e) => e.interaction === 'anywhere' && e.context === 'insurance')).toBe(true);

    const fn = await created(envId, '/functions', { name: 'notWritten', kind: 'interactionAfter', interactionToFind: 'declareClaim' });
    expect(fn).toMatchObject({ item: { name: 'notWritten', kind: 'interactionAfter', interactionToFind: 'declareClaim', stringValue: null } });
    const servers = (await call('configurator', 'GET', envId, '/servers')).json<NluServer[]>();
    const newer = await call('configurator', 'PUT', envId, `/servers/${servers[0]!.id}`, { ...servers[0], aiVersion: '4.12' });
    expect(newer.json<Saved<NluServer>>().errors).toEqual([]);
  });

  it('lets qualifiers read and test but not write; only configurators see server tokens', async () => {
    const { envId } = await insuranceEnvironment();
    expect((await call('qualifier', 'POST', envId, '/archetypes', { name: 'x', dictionaries: {} })).statusCode).toBe(403);
    expect((await call('viewer', 'GET', envId, '/archetypes')).statusCode).toBe(403);
    const asQualifier = (await call('qualifier', 'GET', envId, '/servers')).json<NluServer[]>();
    expect(asQualifier[0]!.token).toBeNull();
    // Provider SRE operates servers but holds no customer secret, like access keys.
    const asSre = (await call('sre', 'GET', envId, '/servers')).json<NluServer[]>();
    expect(asSre[0]!.token).toBeNull();
    const asConfigurator = (await call('configurator', 'GET', envId, '/servers')).json<NluServer[]>();
    expect(asConfigurator[0]!.token).not.toBeNull();
    expect((await call('qualifier', 'POST', envId, '/test', { text: 'un sinistre' })).statusCode).toBe(200);
  });
});

describe('the NLU test', () => {
  it('answers the language, the interactions with their values and the labels', async () => {
    const { envId } = await insuranceEnvironment();
    const response = await call('qualifier', 'POST', envId, '/test', { text: 'Un incendie couvert par le contrat', server: 'main' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<NluResult>();
    expect(result.language).toBe('fr');
    const declared = result.interactions.find((i) => i.id === 'declareClaim');
    expect(declared).toMatchObject({ context: 'insurance', complete: true, missing: [] });
    expect(declared!.parameters.event).toEqual([expect.objectContaining({ value: 'incendie', text: 'incendie', start: 3, end: 11, archetype: 'claim' })]);
    expect(declared!.parameters.contract).toEqual([expect.objectContaining({ value: 'contrat', text: 'contrat', start: 27, end: 34, archetype: 'contract' })]);
    expect(result.labels).toEqual(
      expect.arrayContaining([
        { start: 3, end: 11, archetype: 'claim', text: 'incendie' },
        { start: 27, end: 34, archetype: 'contract', text: 'contrat' },
      ]),
    );

    const english = (await call('qualifier', 'POST', envId, '/test', { text: 'a fire', language: 'gb' })).json<NluResult>();
    expect(english.language).toBe('gb');
    expect(english.interactions.find((i) => i.id === 'declareClaim')?.parameters.event?.[0]).toMatchObject({ value: 'fire', text: 'fire' });
  });

  it("detects auto among the server's contexts' languages, as the console's offline test does", async () => {
    const { envId, context } = await insuranceEnvironment({ defaultLanguage: 'auto' });
    const text = 'Bonjour, un incendie a détruit la cuisine, je souhaite déclarer le sinistre sur mon contrat.';
    expect((await call('qualifier', 'POST', envId, '/test', { text })).json<NluResult>().language).toBe('fr');
    // The context handles English only: French text is read as English, whatever the environment says.
    await call('configurator', 'PUT', envId, `/contexts/${context.item.id}`, { name: 'insurance', languages: ['gb'] });
    expect((await call('qualifier', 'POST', envId, '/test', { text })).json<NluResult>().language).toBe('gb');
  });

  it('labels nothing when the server does not label, and says when there is no such server', async () => {
    const { envId } = await insuranceEnvironment({ labeling: false });
    const result = (await call('qualifier', 'POST', envId, '/test', { text: 'un sinistre' })).json<NluResult>();
    expect(result.labels).toEqual([]);
    expect(result.interactions.map((i) => [i.id, i.complete])).toContainEqual(['declareClaim', true]);

    const none = await call('qualifier', 'POST', envId, '/test', { text: 'x', server: 'nope' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'noServer' });
    const empty = await createEnvironment(serverDb());
    expect((await call('qualifier', 'POST', empty, '/test', { text: 'x' })).json()).toMatchObject({ code: 'noServer' });
  });

  it('compiles again after a write and not after a read', async () => {
    const { envId, claim } = await insuranceEnvironment();
    await call('qualifier', 'POST', envId, '/test', { text: 'sinistre' });
    const before = runtime.engines.compilations;
    await call('qualifier', 'POST', envId, '/test', { text: 'sinistre' });
    expect(runtime.engines.compilations).toBe(before);
    await call('configurator', 'PUT', envId, `/archetypes/${claim.item.id}`, { name: 'claim', dictionaries: { fr: 'dommage' } });
    const after = (await call('qualifier', 'POST', envId, '/test', { text: 'un dommage et un sinistre' })).json<NluResult>();
    expect(after.interactions.find((i) => i.id === 'declareClaim')?.parameters.event?.map((v) => v.text)).toEqual(['dommage']);
  });
});
