/**
 * An NLU import is bounded like an archetype save (NLU_IMPORT_LIMITS): over a bound it is refused
 * whole with 422 `nluImportTooLarge` naming the bound, and nothing of it is written.
 */
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NLU_IMPORT_LIMITS } from '../../src/contract/nlu-entities';
import { namespaces, resources } from '../../src/i18n/resources';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { createNluRuntime } from './runtime';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  token = await signIn(server.app, 'configurator');
  await i18next.init({ resources, lng: 'en', fallbackLng: 'fr', ns: namespaces, interpolation: { escapeValue: false } });
}, 180_000);
afterAll(() => server.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

const archetype = (name: string, dictionary: string) => ({ name, langs: ['fr'], dict: [{ lang: 'fr', dictionary }], regex: [] });
const file = (archetypes: unknown[]) => ({ nlu: { archetypes, contexts: [], servers: [], metadata: { exportVersion: 2 } } });
/** A dictionary of `chars` characters: lines of words, as an imported one would be. */
const dictionary = (chars: number) => 'contrat;police;assurance\n'.repeat(Math.ceil(chars / 25)).slice(0, chars);

describe('NLU import bounds', () => {
  it('refuses a dictionary over the size an archetype save allows, naming the bound, and writes nothing', async () => {
    const envId = await createEnvironment(server.handle.db);
    const over = NLU_IMPORT_LIMITS.dictionaryChars + 1;
    const response = await api('POST', `/environment/${envId}/nlu/import`, file([archetype('small', 'sinistre'), archetype('huge', dictionary(over))]));
    expect(response.statusCode).toBe(422);
    const body = response.json<{ code: string; params: Record<string, unknown> }>();
    expect(body).toMatchObject({ code: 'nluImportTooLarge', params: { bound: 'dictionaryChars', limit: 5_000_000, found: over, at: 'archetypes[1].fr' } });
    // What the console shows for the code (i18next's own number format).
    const text = i18next.t('nlu:errors.nluImportTooLarge' as never, body.params as never) as unknown as string;
    expect(text).toBe('Import refused: the number of characters of one dictionary is 5,000,001, over the limit of 5,000,000');
    expect((await api('GET', `/environment/${envId}/nlu/archetypes`)).json()).toEqual([]);
  }, 60_000);

  it('refuses dictionaries whose sum is over the bound, and too many archetypes', async () => {
    const envId = await createEnvironment(server.handle.db);
    const each = Math.floor(NLU_IMPORT_LIMITS.totalDictionaryChars / 3) + 1;
    const total = await api('POST', `/environment/${envId}/nlu/import`, file(['a', 'b', 'c'].map((name) => archetype(name, dictionary(each)))));
    expect(total.statusCode).toBe(422);
    expect(total.json()).toMatchObject({ code: 'nluImportTooLarge', params: { bound: 'totalDictionaryChars', found: each * 3 } });
    const many = Array.from({ length: NLU_IMPORT_LIMITS.archetypes + 1 }, (_, index) => archetype(`a${index}`, 'mot'));
    const count = await api('POST', `/environment/${envId}/nlu/import`, file(many));
    expect(count.json()).toMatchObject({ code: 'nluImportTooLarge', params: { bound: 'archetypes', found: NLU_IMPORT_LIMITS.archetypes + 1 } });
    expect((await api('GET', `/environment/${envId}/nlu/archetypes`)).json()).toEqual([]);
  }, 60_000);

  it('imports a file within the bounds', async () => {
    const envId = await createEnvironment(server.handle.db);
    const response = await api('POST', `/environment/${envId}/nlu/import`, file([archetype('contract', dictionary(1000))]));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ imported: { archetypes: string[] } }>().imported.archetypes).toEqual(['contract']);
  }, 60_000);
});
