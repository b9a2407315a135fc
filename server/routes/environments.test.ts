/** Environments: creation sources, unique names, module ordering, hidden ones, async deletion, export/import. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT_TEMPLATES, MODULE_ORDER_MESSAGES, type EnvironmentSettings } from '../../src/contract/environments';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { ENVIRONMENT_DELETION_DELAY_MS } from './environments';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'viewer']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
});
afterAll(() => server.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], payload });

async function create(name: string, source: object = { kind: 'scratch' }, visibility = 'public') {
  return call('admin', 'POST', '/project/demo-ic/environments', { name, visibility, source });
}

async function settingsOf(envId: string): Promise<{ name: string; visibility: string; priority: boolean; settings: EnvironmentSettings }> {
  return (await call('admin', 'GET', `/environment/${envId}/settings`)).json();
}

describe('creating environments', () => {
  it('from scratch gets the default configuration', async () => {
    const response = await create('Vide');
    expect(response.statusCode).toBe(201);
    const { settings } = await settingsOf(response.json<{ id: string }>().id);
    expect(settings).toMatchObject({ retention: '1m', languages: ['fr'], modules: [], debugMode: false });
    expect(settings.content.splitPerCharacters).toBe(4000);
    expect(settings.extractor.parser.global.splitPerCharacters).toBe(4000);
  });

  it.each(ENVIRONMENT_TEMPLATES)('from the %s template gets its modules, categories and languages', async (template) => {
    const response = await create(`Modèle ${template}`, { kind: 'template', template });
    expect(response.statusCode).toBe(201);
    const { settings } = await settingsOf(response.json<{ id: string }>().id);
    expect(settings.modules[0]?.type).toBe('extractor');
    expect(settings.modules[1]?.type).toBe('nlu');
    expect(settings.modules.at(-1)?.type).toBe('output');
    expect(settings.categories.length).toBeGreaterThanOrEqual(5);
    expect(settings.languages.length).toBeGreaterThan(0);
  });

  it('refuses a name already used in the project with the §5 message', async () => {
    const response = await create('Production');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Le nom « Production » est déjà utilisé par un environnement de ce projet.',
      code: 'environmentNameTaken',
      name: 'Production',
    });
    // The same name in another project is fine.
    const other = await call('admin', 'POST', '/project/demo-nlu/environments', { name: 'Vide', source: { kind: 'scratch' } });
    expect(other.statusCode).toBe(201);
  });

  it('refuses renaming onto another environment’s name', async () => {
    const { id } = (await create('À renommer')).json<{ id: string }>();
    const current = await settingsOf(id);
    const response = await call('admin', 'PUT', `/environment/${id}/settings`, { ...current, name: 'Production' });
    expect(response.statusCode).toBe(409);
  });
});

describe('module ordering (§4)', () => {
  const mod = (id: string, type: string) => ({ id, type, name: type });

  it('refuses the extractor elsewhere than first, NLU elsewhere than second, output elsewhere than last', async () => {
    const { id } = (await create('Ordre')).json<{ id: string }>();
    const current = await settingsOf(id);
    const attempts: [object[], string][] = [
      [[mod('a', 'categorization'), mod('b', 'extractor')], MODULE_ORDER_MESSAGES.extractorNotFirst],
      [[mod('a', 'extractor'), mod('b', 'categorization'), mod('c', 'nlu')], MODULE_ORDER_MESSAGES.nluNotSecond],
      [[mod('a', 'output'), mod('b', 'categorization')], MODULE_ORDER_MESSAGES.outputNotLast],
    ];
    for (const [modules, message] of attempts) {
      const response = await call('admin', 'PUT', `/environment/${id}/settings`, {
        ...current,
        settings: { ...current.settings, modules },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    // Well ordered, but categorization needs an NLU server (§5 compatibility): refused with the §8 code.
    const withCategorization = [mod('a', 'extractor'), mod('b', 'nlu'), mod('c', 'categorization'), mod('d', 'output')];
    const refused = await call('admin', 'PUT', `/environment/${id}/settings`, { ...current, settings: { ...current.settings, modules: withCategorization } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'configurationInvalid', messages: [{ code: 'categorizationNeedsServer', moduleId: 'c' }] });
    const valid = [mod('a', 'extractor'), mod('b', 'nlu'), mod('c', 'extraction'), mod('d', 'output')];
    const saved = await call('admin', 'PUT', `/environment/${id}/settings`, { ...current, settings: { ...current.settings, modules: valid } });
    expect(saved.statusCode).toBe(200);
    expect((await settingsOf(id)).settings.modules.map((m) => m.type)).toEqual(['extractor', 'nlu', 'extraction', 'output']);
  });
});

describe('deactivated modules (§4)', () => {
  it('lose their configuration, whoever saves them', async () => {
    const { id } = (await create('Désactivation', { kind: 'template', template: 'insurance:meeting' })).json<{ id: string }>();
    const current = await settingsOf(id);
    const configured = current.settings.modules.findIndex((m) => Object.keys(m.config).length > 0);
    expect(configured).toBeGreaterThanOrEqual(0);
    const modules = current.settings.modules.map((m, i) => (i === configured ? { ...m, active: false } : m));
    const saved = await call('admin', 'PUT', `/environment/${id}/settings`, { ...current, settings: { ...current.settings, modules } });
    expect(saved.statusCode).toBe(200);
    const after = (await settingsOf(id)).settings.modules[configured]!;
    expect(after).toMatchObject({ active: false, config: {} });
  });
});

describe('the environment list', () => {
  it("says when each environment's last analysis was queued, and never for one without any", async () => {
    const { id } = (await create('Jamais analysé')).json<{ id: string }>();
    const before = Date.now();
    const mail = await multipart({ file: { name: 'note.eml', content: 'From: a@example.com\r\nSubject: Note\r\n\r\nBonjour.\r\n' } });
    const queued = await server.app.inject({ method: 'POST', url: '/v4/console/api/environment/demo-ic-prod/analyses', headers: { ...headers.admin, ...mail.headers }, payload: mail.payload });
    expect(queued.statusCode, queued.body).toBe(201);
    const createdAt = queued.json<{ createdAt: string }>().createdAt;
    const list = (await call('admin', 'GET', '/project/demo-ic/environments')).json<{ id: string; lastAnalysisAt: string | null }[]>();
    expect(list.find((environment) => environment.id === id)?.lastAnalysisAt).toBeNull();
    const production = list.find((environment) => environment.id === 'demo-ic-prod')?.lastAnalysisAt;
    expect(production).toBe(createdAt);
    expect(Date.parse(production!)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('hidden environments', () => {
  it('are left out of the list for a cockpit viewer, and shown to admins', async () => {
    const asViewer = (await call('viewer', 'GET', '/project/demo-ic/environments')).json<{ id: string }[]>();
    expect(asViewer.map((e) => e.id)).not.toContain('demo-ic-recette');
    const asAdmin = (await call('admin', 'GET', '/project/demo-ic/environments')).json<{ id: string }[]>();
    expect(asAdmin.map((e) => e.id)).toContain('demo-ic-recette');
  });
});

describe('deleting an environment', () => {
  it('is recorded at once and the environment is gone a few seconds later', async () => {
    const { id } = (await create('Éphémère')).json<{ id: string }>();
    const response = await call('admin', 'DELETE', `/environment/${id}`);
    expect(response.statusCode).toBe(202);
    const right = (await call('admin', 'GET', '/project/demo-ic/environments')).json<{ id: string; deleting: boolean }[]>();
    expect(right.find((e) => e.id === id)?.deleting).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, ENVIRONMENT_DELETION_DELAY_MS + 200));
    const later = (await call('admin', 'GET', '/project/demo-ic/environments')).json<{ id: string }[]>();
    expect(later.map((e) => e.id)).not.toContain(id);
  });

  it('is refused to a viewer', async () => {
    expect((await call('viewer', 'DELETE', '/environment/demo-ic-prod')).statusCode).toBe(403);
  });
});

describe('export and import', () => {
  it('exports a versioned file that creates an identical environment and previews changes before applying', async () => {
    const source = (await create('Source', { kind: 'template', template: 'insurance:meeting' })).json<{ id: string }>();
    const exported = await call('admin', 'GET', `/environment/${source.id}/export`);
    expect(exported.headers['content-disposition']).toContain('Source.postroom.json');
    const file = exported.json<{ format: string; version: number; environment: { settings: EnvironmentSettings } }>();
    expect(file).toMatchObject({ format: 'postroom-environment', version: 1 });

    const copy = (await create('Copie', { kind: 'import', file })).json<{ id: string }>();
    expect((await settingsOf(copy.id)).settings).toEqual(file.environment.settings);

    const target = (await create('Cible')).json<{ id: string }>();
    const preview = await call('admin', 'POST', `/environment/${target.id}/import`, { file, dryRun: true });
    const fields = preview.json<{ applied: boolean; changes: { path: string[]; kind: string }[] }>();
    expect(fields.applied).toBe(false);
    expect(fields.changes.map((c) => c.path[0])).toEqual(expect.arrayContaining(['languages', 'retention', 'modules', 'categories']));
    // Each module the file brings is named as added.
    const added = fields.changes.filter((c) => c.path[0] === 'modules' && c.kind === 'added').map((c) => c.path[1]);
    expect(added).toEqual(file.environment.settings.modules.map((m) => m.name));
    expect((await settingsOf(target.id)).settings.modules).toEqual([]);

    const applied = await call('admin', 'POST', `/environment/${target.id}/import`, { file, dryRun: false });
    expect(applied.json()).toMatchObject({ applied: true });
    const after = await settingsOf(target.id);
    expect(after.name).toBe('Cible');
    expect(after.settings).toEqual(file.environment.settings);
  });

  it('says clearly when a file has another version or unknown modules', async () => {
    const file = (await call('admin', 'GET', '/environment/demo-ic-prod/export')).json<Record<string, unknown>>();
    const otherVersion = await call('admin', 'POST', '/environment/demo-ic-prod/import', { file: { ...file, version: 2 } });
    expect(otherVersion.statusCode).toBe(400);
    expect(otherVersion.json()).toMatchObject({ code: 'exportVersion', version: 2, expected: 1 });

    const environment = file.environment as { settings: { modules: object[] } };
    const withUnknown = {
      ...file,
      environment: { ...environment, settings: { ...environment.settings, modules: [{ id: 'x', type: 'teleporter', name: 'T' }] } },
    };
    const unknown = await call('admin', 'POST', '/environment/demo-ic-prod/import', { file: withUnknown });
    expect(unknown.json()).toMatchObject({ code: 'unknownModules', modules: ['teleporter'] });

    const notExport = await create('Pas un export', { kind: 'import', file: { hello: 'world' } });
    expect(notExport.json()).toMatchObject({ code: 'exportFormat' });
  });
});
