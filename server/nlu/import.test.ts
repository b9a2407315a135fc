/**
 * Import of the original platform's console export (exportVersion 2) and export back to it,
 * through the HTTP API: what was imported and every error, merge by name, the round trip, and
 * the environment export/import carrying the NLU configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NluResult } from '../../src/contract/modules/nlu';
import type { NluImportReport, NluServer } from '../../src/contract/nlu';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { createNluRuntime } from './runtime';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  token = await signIn(server.app, 'configurator');
}, 180_000);
afterAll(() => server.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A console export as the original platform writes it (flags agree, so it comes back as it is). */
const consoleExport = {
  nlu: {
    archetypes: [
      {
        name: 'contract',
        langs: ['fr', 'gb'],
        dict_first_is_id: true,
        dict_invariable: false,
        regex_first_is_id: true,
        dict: [
          { lang: 'fr', dictionary: 'CONTRACT;contrat;contrats\n// numéros\n->home;habitation' },
          { lang: 'gb', dictionary: 'CONTRACT;contract;policy' },
        ],
        regex: [{ lang: 'fr', dictionary: 'NUMBER;[A-Z]{2}-\\d{5}' }],
      },
      {
        name: 'claim',
        langs: ['fr'],
        dict_first_is_id: false,
        dict_invariable: true,
        regex_first_is_id: false,
        dict: [{ lang: 'fr', dictionary: 'sinistre;sinistres\nincendie' }],
        regex: [],
      },
    ],
    contexts: [
      {
        name: 'insurance',
        langs: ['fr', 'gb'],
        neutralizers: [],
        interactions: [
          {
            id_interaction: 'declareClaim',
            enabled: true,
            ordonned: false,
            descriptor: [{ lang: 'fr', descriptor: ['je déclare un sinistre'] }],
            verbose: [
              { lang: 'fr', verbose: 'Déclaration de sinistre' },
              { lang: 'gb', verbose: 'Claim declaration' },
            ],
            parameters: {
              '1': { id_parameter: 'event', archetype: 'claim', optional: false, multiple: true, position: 0, reset_conversation: false, descriptors: [], descriptor_left: '', descriptor_right: '', verbose: 'Événement' },
              '2': { id_parameter: 'contract', archetype: 'contract', optional: true, multiple: false, position: 1, reset_conversation: false, descriptors: [], descriptor_left: '', descriptor_right: '', verbose: 'Contrat' },
            },
            post_processors: [],
          },
        ],
      },
    ],
    servers: [
      { name: 'prod', multi_lang: false, defaultLanguage: 'fr', labeling: true, multipleInteractions: true, contexts: ['insurance'], responseFormat: 'V5', replicas: 2, version: 'v4.9_prod' },
    ],
    metadata: { exportVersion: 2 },
  },
};

const importInto = async (envId: string, file: unknown) => api('POST', `/environment/${envId}/nlu/import`, file);

describe('NLU console import and export', () => {
  it('imports an exportVersion 2 file, reports what it imported, and the NLU test works on it', async () => {
    const envId = await createEnvironment(server.handle.db);
    const response = await importInto(envId, consoleExport);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NluImportReport>()).toEqual({
      imported: { archetypes: ['contract', 'claim'], contexts: ['insurance'], interactions: ['insurance/declareClaim'], servers: ['prod'] },
      errors: [],
    });
    const archetypes = (await api('GET', `/environment/${envId}/nlu/archetypes`)).json<{ name: string; dictionaries: Record<string, string> }[]>();
    expect(archetypes.find((a) => a.name === 'contract')!.dictionaries.fr).toBe('#ID_ON\nCONTRACT;contrat;contrats\n// numéros\n->home;habitation\nNUMBER;<<[A-Z]{2}-\\d{5}>>');
    expect(archetypes.find((a) => a.name === 'claim')!.dictionaries.fr).toBe('#VARIATION_OFF\nsinistre;sinistres\nincendie');
    const servers = (await api('GET', `/environment/${envId}/nlu/servers`)).json<NluServer[]>();
    expect(servers[0]).toMatchObject({ name: 'prod', aiVersion: 'v4.9_prod', multipleInteractions: true, contexts: ['insurance'], responseFormat: 'V5' });

    const result = (await api('POST', `/environment/${envId}/nlu/test`, { text: 'Un incendie, contrat habitation' })).json<NluResult>();
    const declared = result.interactions.find((i) => i.id === 'declareClaim');
    expect(declared?.complete).toBe(true);
    expect(declared?.parameters.event?.[0]).toMatchObject({ value: 'incendie', text: 'incendie' });
    expect(declared?.parameters.contract?.[0]).toMatchObject({ value: 'CONTRACT', text: 'contrat' });
  });

  it('exports the same file back (round trip)', async () => {
    const envId = await createEnvironment(server.handle.db);
    await importInto(envId, consoleExport);
    const exported = await api('GET', `/environment/${envId}/nlu/export`);
    expect(exported.statusCode).toBe(200);
    const file = exported.json<typeof consoleExport>();
    const byName = <T extends { name: string }>(items: T[]) => [...items].sort((a, b) => a.name.localeCompare(b.name));
    expect({ ...file.nlu, archetypes: byName(file.nlu.archetypes) }).toEqual({ ...consoleExport.nlu, archetypes: byName(consoleExport.nlu.archetypes) });
    // And importing the export into another environment gives the same export again.
    const other = await createEnvironment(server.handle.db);
    await importInto(other, file);
    expect((await api('GET', `/environment/${other}/nlu/export`)).json()).toEqual(file);
  });

  it('reports every bad item and imports the others; merges by name', async () => {
    const envId = await createEnvironment(server.handle.db);
    await importInto(envId, consoleExport);
    const file = {
      nlu: {
        archetypes: [
          { langs: ['fr'] },
          { name: 'claim', langs: ['fr', 'xx'], dict: [{ lang: 'fr', dictionary: 'dommage' }] },
          { name: 'claim', langs: ['fr'] },
          { name: 'bad;name', langs: ['fr'] },
        ],
        contexts: [],
        servers: [{ name: 'test', contexts: ['insurance', 'ghost'], responseFormat: 'v9', version: '4.12' }],
        metadata: { exportVersion: 2 },
      },
    };
    const report = (await importInto(envId, file)).json<NluImportReport>();
    expect(report.imported).toEqual({ archetypes: ['claim'], contexts: [], interactions: [], servers: ['test'] });
    expect(report.errors.map((e) => [e.at, e.name])).toEqual([
      ['archetypes[0]', null],
      ['archetypes[1]', 'claim'],
      ['archetypes[2]', 'claim'],
      ['archetypes[3]', 'bad;name'],
      ['servers[0]', 'test'],
      ['servers[0]', 'test'],
    ]);
    // Codes and parameters for the console (nlu:importItems.*); the English message is for programs.
    expect(report.errors.map((e) => [e.code, e.params])).toEqual([
      ['invalidItem', { detail: expect.stringContaining('name: ') }],
      ['unknownLanguage', { language: 'xx' }],
      ['duplicateName', { name: 'claim' }],
      // A refused name by its problem, not the schema's English sentence.
      ['invalidName', { problem: 'characters' }],
      ['unknownContext', { context: 'ghost' }],
      ['unknownResponseFormat', { format: 'v9' }],
    ]);
    expect(report.errors[1]!.message).toBe('Unknown language "xx" left out');
    expect(report.errors[4]!.message).toBe('Unknown context "ghost" left out of the server');
    expect(report.errors[5]!.message).toBe('Unknown response format "v9": V5 used');
    const archetypes = (await api('GET', `/environment/${envId}/nlu/archetypes`)).json<{ name: string; dictionaries: Record<string, string> }[]>();
    expect(archetypes.map((a) => [a.name, a.dictionaries.fr])).toEqual([
      ['claim', 'dommage'],
      ['contract', expect.stringContaining('CONTRACT;contrat')],
    ]);
  });

  it('imports whole an export as the original platform writes it: nulls, v3, auto, a possessive date alias, two languages', async () => {
    const dates = '#ALIAS:day=0?+[1-9]|[12][0-9]|3[01]\n#ALIAS:month=0?+[1-9]|1[0-2]\nDATE;#day#/#month#/\\d{4}';
    // Field names, nulls and the lower-case format exactly as the original's console export writes them.
    const unset = { reset_conversation: null, descriptors: null, descriptor_left: null, descriptor_right: null, verbose: null };
    const original = {
      nlu: {
        archetypes: [
          { name: 'date', langs: ['fr', 'en'], dict_first_is_id: null, dict_invariable: null, regex_first_is_id: true, dict: null, regex: [{ lang: 'fr', dictionary: dates }, { lang: 'en', dictionary: dates }] },
          { name: 'vehicle', langs: ['fr', 'en'], dict_first_is_id: false, dict_invariable: false, regex_first_is_id: false, dict: [{ lang: 'fr', dictionary: 'voiture;véhicule\nmoto' }, { lang: 'en', dictionary: 'car;vehicle\nmotorbike' }], regex: null },
          { name: 'contract', langs: ['fr', 'en'], dict_first_is_id: true, dict_invariable: false, regex_first_is_id: true, dict: [], regex: [{ lang: 'fr', dictionary: 'NUMBER;[A-Z]{2}-\\d{5}' }, { lang: 'en', dictionary: 'NUMBER;[A-Z]{2}-\\d{5}' }] },
        ],
        contexts: [
          {
            name: 'claims',
            langs: ['fr', 'en'],
            neutralizers: null,
            interactions: [
              {
                id_interaction: 'declareAccident',
                enabled: true,
                ordonned: null,
                descriptor: null,
                verbose: [{ lang: 'fr', verbose: 'Déclaration d’accident' }],
                parameters: {
                  '1': { id_parameter: 'vehicle', archetype: 'vehicle', optional: false, multiple: true, position: null, ...unset },
                  '2': { id_parameter: 'date', archetype: 'date', optional: true, multiple: false, position: null, ...unset },
                  '3': { id_parameter: 'contract', archetype: 'contract', optional: true, multiple: null, position: null, ...unset },
                },
                post_processors: null,
              },
            ],
          },
        ],
        servers: [{ name: 'prod', multi_lang: false, defaultLanguage: 'auto', labeling: true, multipleInteractions: null, contexts: ['claims'], responseFormat: 'v3', replicas: 1, version: 'v4.9_prod' }],
        metadata: { exportVersion: 2 },
      },
    };
    const envId = await createEnvironment(server.handle.db);
    const response = await importInto(envId, original);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NluImportReport>()).toEqual({
      imported: { archetypes: ['date', 'vehicle', 'contract'], contexts: ['claims'], interactions: ['claims/declareAccident'], servers: ['prod'] },
      errors: [],
    });
    const [prod] = (await api('GET', `/environment/${envId}/nlu/servers`)).json<NluServer[]>();
    expect(prod).toMatchObject({ defaultLanguage: 'auto', responseFormat: 'V3', aiVersion: 'v4.9_prod' });
    expect((await api('GET', `/environment/${envId}/nlu/check`)).json()).toEqual({ errors: [], contextsWithoutServer: [] });

    const analyse = async (text: string) => {
      const result = (await api('POST', `/environment/${envId}/nlu/test`, { text })).json<NluResult>();
      const found = result.interactions.find((interaction) => interaction.id === 'declareAccident');
      const texts = Object.fromEntries(Object.entries(found?.parameters ?? {}).map(([name, values]) => [name, values.map((value) => value.text)]));
      return { language: result.language, complete: found?.complete ?? false, texts };
    };
    expect(await analyse('Ma voiture a été accidentée le 05/03/2024, contrat AB-12345.')).toEqual({
      language: 'fr',
      complete: true,
      texts: { vehicle: ['voiture'], date: ['05/03/2024'], contract: ['AB-12345'] },
    });
    expect(await analyse('My car and my motorbike were damaged on 7/11/2023.')).toEqual({
      language: 'gb',
      complete: true,
      texts: { vehicle: ['car', 'motorbike'], date: ['7/11/2023'] },
    });
    // The possessive `0?+` keeps a day of 00 out, as on the original platform.
    expect((await analyse('Ma voiture, le 00/03/2024.')).texts).toEqual({ vehicle: ['voiture'] });
  });

  it('refuses what is not an exportVersion 2 console export', async () => {
    const envId = await createEnvironment(server.handle.db);
    const old = await importInto(envId, { nlu: { archetypes: [], metadata: { exportVersion: 1 } } });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'nluImportVersion', params: { version: '1', expected: 2 } });
    const other = await importInto(envId, { format: 'postroom-environment' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'nluImportFormat' });
  });
});

describe('the environment export file', () => {
  it('carries the NLU configuration, and importing it (or creating from it) brings it along', async () => {
    const source = await createEnvironment(server.handle.db);
    await importInto(source, consoleExport);
    const file = (await api('GET', `/environment/${source}/export`)).json<{ nlu: unknown }>();
    expect(file.nlu).toEqual((await api('GET', `/environment/${source}/nlu/export`)).json<{ nlu: unknown }>().nlu);

    const target = await createEnvironment(server.handle.db);
    const preview = (await api('POST', `/environment/${target}/import`, { file, dryRun: true })).json<{ applied: boolean; changes: { path: string[]; after: unknown }[] }>();
    expect(preview.applied).toBe(false);
    expect(preview.changes.find((c) => c.path[0] === 'nlu')?.after).toEqual({ archetypes: ['claim', 'contract'], contexts: ['insurance'], servers: ['prod'] });
    expect((await api('GET', `/environment/${target}/nlu/archetypes`)).json()).toEqual([]);

    const applied = (await api('POST', `/environment/${target}/import`, { file, dryRun: false })).json<{ applied: boolean }>();
    expect(applied.applied).toBe(true);
    expect((await api('GET', `/environment/${target}/nlu/export`)).json()).toEqual({ nlu: file.nlu });
    const again = (await api('POST', `/environment/${target}/import`, { file, dryRun: true })).json<{ changes: { path: string[] }[] }>();
    expect(again.changes.filter((c) => c.path[0] === 'nlu')).toEqual([]);

    const created = await api('POST', '/project/demo-ic/environments', { name: `from-file-${Date.now()}`, source: { kind: 'import', file } });
    expect(created.statusCode, created.body).toBe(201);
    const createdId = created.json<{ id: string }>().id;
    expect((await api('GET', `/environment/${createdId}/nlu/export`)).json()).toEqual({ nlu: file.nlu });
  });
});
