/** Environment versions: snapshot, list, unique names, readable comparison, restore, delete, scoping, audit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentSettings } from '../../src/contract/environments';
import type { SettingsChange } from '../../src/contract/environments';
import type { EnvironmentVersion } from '../../src/contract/versions';
import { environmentVersions } from '../db/schema';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'viewer', 'qualifier', 'configurator']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
});
afterAll(() => server.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], payload });

type Details = { name: string; visibility: string; priority: boolean; settings: EnvironmentSettings };

async function newEnvironment(name: string): Promise<string> {
  const response = await call('admin', 'POST', '/project/demo-ic/environments', {
    name,
    source: { kind: 'template', template: 'insurance:meeting' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const settingsOf = async (envId: string) => (await call('admin', 'GET', `/environment/${envId}/settings`)).json<Details>();

async function save(envId: string, change: (details: Details) => Details) {
  const response = await call('admin', 'PUT', `/environment/${envId}/settings`, change(await settingsOf(envId)));
  expect(response.statusCode).toBe(200);
}

const snapshot = (envId: string, name: string, user = 'admin') => call(user, 'POST', `/environment/${envId}/versions`, { name });
const compare = async (envId: string, from: string, to: string) =>
  (await call('admin', 'GET', `/environment/${envId}/versions/compare?from=${from}&to=${to}`)).json<{ changes: SettingsChange[] }>().changes;

describe('versions of an environment', () => {
  it('snapshots the configuration under a name unique in the environment, listed newest first with author', async () => {
    const envId = await newEnvironment('Versions liste');
    const first = await snapshot(envId, 'Mise en service');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Mise en service', author: 'admin' });
    await snapshot(envId, 'Après réglages', 'configurator');

    // Qualifiers read the versions; a cockpit viewer reads the dashboard only (§6).
    expect((await call('viewer', 'GET', `/environment/${envId}/versions`)).statusCode).toBe(403);
    const list = (await call('qualifier', 'GET', `/environment/${envId}/versions`)).json<EnvironmentVersion[]>();
    expect(list.map((v) => [v.name, v.author])).toEqual([
      ['Après réglages', 'configurator'],
      ['Mise en service', 'admin'],
    ]);
    expect(Date.parse(list[0]!.createdAt)).not.toBeNaN();

    const again = await snapshot(envId, 'Mise en service');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Le nom « Mise en service » est déjà utilisé par une version de cet environnement.', code: 'versionNameTaken', name: 'Mise en service' });
    // The same name on another environment is fine.
    expect((await snapshot(await newEnvironment('Versions autre'), 'Mise en service')).statusCode).toBe(201);
    expect((await snapshot(envId, '   ')).statusCode).toBe(400);
  });

  it('compares two versions, or a version with the current configuration, setting by setting', async () => {
    const envId = await newEnvironment('Versions diff');
    const before = (await snapshot(envId, 'v1')).json<EnvironmentVersion>();
    expect(await compare(envId, before.id, 'current')).toEqual([]);

    await save(envId, (d) => {
      const [extractor, nlu, ...rest] = d.settings.modules;
      return {
        ...d,
        settings: {
          ...d.settings,
          retention: '1y',
          languages: [...d.settings.languages, 'de'],
          content: { ...d.settings.content, ocrJpg: !d.settings.content.ocrJpg },
          extractor: {
            ...d.settings.extractor,
            subParsers: { pdf: { ...d.settings.extractor.parser, document: { ...d.settings.extractor.parser.document, maxPages: 7 } } },
          },
          // NLU deactivated; the module after it removed; the rest keep their ids.
          modules: [extractor!, { ...nlu!, active: false, config: {} }, ...rest.slice(1)],
          categories: [...d.settings.categories, { name: 'Réclamation urgente', description: 'Nouvelle' }],
        },
      };
    });
    const after = (await snapshot(envId, 'v2')).json<EnvironmentVersion>();
    const old = (await settingsOf(envId)).settings;
    const changes = await compare(envId, before.id, after.id);
    const at = (...path: string[]) => changes.find((c) => c.path.join('/') === path.join('/'));

    expect(at('retention')).toMatchObject({ kind: 'changed', after: '1y' });
    expect(at('languages')?.after).toContain('de');
    expect(at('content', 'ocrJpg')).toMatchObject({ kind: 'changed' });
    expect(at('extractor', 'subParsers', 'pdf')).toMatchObject({ kind: 'added' });
    const nlu = old.modules[1]!;
    expect(at('modules', nlu.name, 'active')).toMatchObject({ kind: 'changed', before: true, after: false });
    expect(changes.some((c) => c.path[0] === 'modules' && c.kind === 'removed')).toBe(true);
    expect(at('categories', 'Réclamation urgente')).toMatchObject({ kind: 'added', after: { description: 'Nouvelle' } });
    // A removed module moves the following ones up: a change of position, not of every field.
    const moved = changes.filter((c) => c.path[0] === 'modules' && c.kind === 'changed' && c.path[2] !== 'active');
    expect(moved.every((c) => c.path[2] === 'position' || c.path[2] === 'config')).toBe(true);

    // Reversed, the same entries with before and after swapped.
    const reversed = await compare(envId, after.id, before.id);
    expect(reversed.find((c) => c.path.join('/') === 'retention')).toMatchObject({ before: '1y' });
    expect(await compare(envId, after.id, 'current')).toEqual([]);
  });

  it('restores a version: the configuration comes back, name, visibility and priority stay', async () => {
    const envId = await newEnvironment('Versions restauration');
    const v1 = (await snapshot(envId, 'v1')).json<EnvironmentVersion>();
    const original = await settingsOf(envId);
    await save(envId, (d) => ({ ...d, name: 'Versions restaurées', priority: true, settings: { ...d.settings, retention: 'never', modules: [] } }));

    expect((await call('viewer', 'POST', `/environment/${envId}/versions/${v1.id}/restore`)).statusCode).toBe(403);
    const restored = await call('admin', 'POST', `/environment/${envId}/versions/${v1.id}/restore`);
    expect(restored.statusCode).toBe(200);
    const now = await settingsOf(envId);
    expect(now.settings).toEqual(original.settings);
    expect(now).toMatchObject({ name: 'Versions restaurées', priority: true });
    expect(await compare(envId, v1.id, 'current')).toEqual([]);
  });

  it('keeps versions to their environment: another environment’s version id is not found', async () => {
    const a = await newEnvironment('Versions A');
    const b = await newEnvironment('Versions B');
    const version = (await snapshot(a, 'de A')).json<EnvironmentVersion>();
    expect((await call('admin', 'POST', `/environment/${b}/versions/${version.id}/restore`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/environment/${b}/versions/compare?from=${version.id}&to=current`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/environment/${b}/versions/${version.id}`)).statusCode).toBe(404);
  });

  it('deletes a version without touching the environment, and audits every change', async () => {
    const envId = await newEnvironment('Versions suppression');
    const version = (await snapshot(envId, 'jetable')).json<EnvironmentVersion>();
    const settings = (await settingsOf(envId)).settings;
    expect((await call('viewer', 'DELETE', `/environment/${envId}/versions/${version.id}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/environment/${envId}/versions/${version.id}`)).statusCode).toBe(204);
    expect((await call('admin', 'GET', `/environment/${envId}/versions`)).json()).toEqual([]);
    expect((await settingsOf(envId)).settings).toEqual(settings);

    const log = (await call('admin', 'GET', '/organisation/demo/audit-logs?action=versions.')).json<{
      items: { action: string; targetType: string | null; targetId: string | null }[];
    }>();
    expect(log.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'versions.create', targetType: 'environmentVersion', targetId: version.id }),
        expect.objectContaining({ action: 'versions.delete', targetType: 'environmentVersion', targetId: version.id }),
      ]),
    );
  });

  it('refuses to restore or compare a version that no longer passes the configuration rules', async () => {
    const envId = await newEnvironment('Versions périmées');
    const settings = await settingsOf(envId);
    // As if the ordering rules had been tightened after this snapshot was taken.
    await server.handle.db.insert(environmentVersions).values({
      id: 'outdated-version',
      environmentId: envId,
      name: 'Ancienne',
      settings: { modules: [{ id: 'o', type: 'output', name: 'Sortie' }, { id: 'e', type: 'extractor', name: 'Extracteur' }] },
    });
    const restore = await call('admin', 'POST', `/environment/${envId}/versions/outdated-version/restore`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toMatchObject({ code: 'versionOutdated' });
    expect((await settingsOf(envId)).settings).toEqual(settings.settings);
    expect((await call('admin', 'GET', `/environment/${envId}/versions/compare?from=outdated-version&to=current`)).statusCode).toBe(409);
  });

  it('hides the versions of a hidden environment from a qualifier', async () => {
    expect((await call('qualifier', 'GET', '/environment/demo-ic-recette/versions')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/environment/demo-ic-recette/versions')).statusCode).toBe(200);
  });
});
