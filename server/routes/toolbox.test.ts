/**
 * Toolbox: kits and components with their edit rights and cycles; save to toolbox with
 * references; sync, update, conflicts, and both unsync modes, seen through the environment's own
 * NLU endpoints and its NLU test (what a configurator would notice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archetype, NluContext, NluInteraction } from '../../src/contract/nlu';
import type { NluResult } from '../../src/contract/modules/nlu';
import type { ComponentSummary, KitDetails, KitSummary } from '../../src/contract/toolbox';
import type { EnvironmentSync, SyncPreview } from '../../src/contract/toolbox-sync';
import type { UseCase } from '../../src/contract/use-cases';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createNluRuntime } from '../nlu/runtime';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  for (const user of ['admin', 'configurator', 'qualifier', 'viewer', 'sre']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
}, 180_000);
afterAll(() => server.close());

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], ...(payload === undefined ? {} : { payload: payload as object }) });

async function ok<T>(user: string, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return (response.body === '' ? undefined : response.json()) as T;
}

const newKit = (name: string, extra: Record<string, unknown> = {}) => ok<KitSummary>('configurator', 'POST', '/organisation/demo/toolbox/kits', { name, ...extra }, 201);

/** An environment with a claim interaction (context, two archetypes, a function) and a server. */
async function claimEnvironment(): Promise<string> {
  const envId = await createEnvironment(server.handle.db);
  const nlu = (path: string, body: unknown) => ok<{ item: { id: string } }>('configurator', 'POST', `/environment/${envId}/nlu${path}`, body, 201);
  await nlu('/archetypes', { name: 'sinistre', dictionaries: { fr: 'sinistre;sinistres\n[[degat]]' } });
  await nlu('/archetypes', { name: 'degat', dictionaries: { fr: 'dégât des eaux\nincendie' } });
  await nlu('/archetypes', { name: 'unused', dictionaries: { fr: 'rien' } });
  await nlu('/functions', { name: 'nearClaim', kind: 'interactionAround', interactionToFind: 'declareClaim' });
  const context = await nlu('/contexts', { name: 'claims', languages: ['fr'] });
  await nlu('/interactions', { contextId: context.item.id, name: 'declareClaim', parameters: [{ name: 'event', position: 0, archetype: 'sinistre' }] });
  await nlu('/servers', { name: 'main', contexts: ['claims'] });
  return envId;
}

/** An empty environment with a server, as a target of syncs. */
async function targetEnvironment(): Promise<string> {
  const envId = await createEnvironment(server.handle.db);
  await ok('configurator', 'POST', `/environment/${envId}/nlu/servers`, { name: 'main', contexts: [], aiVersion: '5.0' }, 201);
  return envId;
}

/** The interactions the NLU found complete in a text. */
const found = (result: NluResult) => result.interactions.filter((item) => item.complete).map((item) => item.id);
const names = <T extends { name: string }>(items: T[]) => items.map((item) => item.name).sort();

describe('kits and components', () => {
  it('creates kits, finds them by search, shows the tree, and refuses cycles', async () => {
    const base = await newKit('Dates et montants', { notes: 'Archétypes communs' });
    const top = await newKit('Assurance habitation', { childKitIds: [base.id] });
    const found = await ok<{ kits: KitSummary[]; editable: boolean }>('configurator', 'GET', '/organisation/demo/toolbox/kits?search=montants');
    expect(found.editable).toBe(true);
    expect(names(found.kits)).toEqual(['Dates et montants']);

    const component = await ok<ComponentSummary>('configurator', 'POST', '/organisation/demo/toolbox/components', {
      kitId: base.id,
      type: 'archetype',
      notes: 'Montants en euros',
      entity: { name: 'montant', dictionaries: { fr: 'euros;€' } },
    }, 201);
    const details = await ok<KitDetails>('configurator', 'GET', `/organisation/demo/toolbox/kits/${top.id}`);
    expect(details.tree.children.map((child) => child.kit.name)).toEqual(['Dates et montants']);
    expect(details.tree.children[0]!.components.map((item) => item.id)).toEqual([component.id]);
    const child = await ok<KitDetails>('configurator', 'GET', `/organisation/demo/toolbox/kits/${base.id}`);
    expect(child.parents.map((parent) => parent.name)).toEqual(['Assurance habitation']);

    // base → top would make top contain itself.
    const cycle = await call('configurator', 'PUT', `/organisation/demo/toolbox/kits/${base.id}`, { name: base.name, childKitIds: [top.id] });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json()).toMatchObject({ code: 'toolboxKitCycle' });
    const self = await call('configurator', 'PUT', `/organisation/demo/toolbox/kits/${base.id}`, { name: base.name, childKitIds: [base.id] });
    expect(self.json()).toMatchObject({ code: 'toolboxKitCycle' });
  });

  it('validates component entities with the environment schemas and keeps names unique per kit', async () => {
    const kit = await newKit('Validation');
    const bad = await call('configurator', 'POST', '/organisation/demo/toolbox/components', { kitId: kit.id, type: 'archetype', entity: { name: 'a;b' } });
    expect(bad.statusCode).toBe(400);
    const snippet = { kitId: kit.id, type: 'extraction_snippet', entity: { name: 'iban', program: '{{ text | upcase }}' } };
    await ok('configurator', 'POST', '/organisation/demo/toolbox/components', snippet, 201);
    const twice = await call('configurator', 'POST', '/organisation/demo/toolbox/components', snippet);
    expect(twice.json()).toMatchObject({ code: 'toolboxNameTaken' });
  });

  it('lets qualifiers read but not change the toolbox, and only provider staff publish', async () => {
    const kit = await newKit('Lecture seule');
    await ok('qualifier', 'GET', `/organisation/demo/toolbox/kits/${kit.id}`);
    const write = await call('qualifier', 'POST', '/organisation/demo/toolbox/kits', { name: 'Non' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'toolboxEditForbidden' });
    const publish = await call('admin', 'PUT', `/organisation/demo/toolbox/kits/${kit.id}`, { name: kit.name, published: true });
    expect(publish.json()).toMatchObject({ code: 'toolboxPublishForbidden' });
    expect((await ok<KitDetails>('admin', 'GET', `/organisation/demo/toolbox/kits/${kit.id}`)).canPublish).toBe(false);
    expect((await ok<KitDetails>('sre', 'GET', `/organisation/demo/toolbox/kits/${kit.id}`)).canPublish).toBe(true);
    const published = await ok<KitSummary>('sre', 'PUT', `/organisation/demo/toolbox/kits/${kit.id}`, { name: kit.name, published: true });
    expect(published.published).toBe(true);
    // A published kit is provider staff's to change.
    const change = await call('admin', 'PUT', `/organisation/demo/toolbox/kits/${kit.id}`, { name: 'Renommé', published: true });
    expect(change.json()).toMatchObject({ code: 'toolboxEditForbidden' });
  });
});

describe('save to toolbox and sync', () => {
  it('saves an interaction with what it refers to, syncs it into another environment where it is analysed', async () => {
    const source = await claimEnvironment();
    const kit = await newKit('Sinistres');
    const saved = await ok<{ components: ComponentSummary[] }>('configurator', 'POST', `/environment/${source}/toolbox/save`, { kitId: kit.id, type: 'interaction', name: 'declareClaim', context: 'claims' });
    expect(saved.components.map((item) => `${item.type}:${item.name}`).sort()).toEqual([
      'archetype:degat',
      'archetype:sinistre',
      'context:claims',
      'interaction:claims / declareClaim',
    ]);

    const target = await targetEnvironment();
    const preview = await ok<SyncPreview>('configurator', 'GET', `/environment/${target}/toolbox/kits/${kit.id}/preview`);
    expect(preview.syncedRevision).toBeNull();
    expect(preview.items.map((item) => [item.type, item.action])).toEqual([
      ['context', 'create'],
      ['archetype', 'create'],
      ['archetype', 'create'],
      ['interaction', 'create'],
    ]);
    const synced = await ok<EnvironmentSync>('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    expect(synced).toMatchObject({ kit: { id: kit.id }, updateAvailable: false });
    expect(synced.entities).toHaveLength(4);

    const result = await ok<NluResult>('configurator', 'POST', `/environment/${target}/nlu/test`, { text: 'Je déclare un incendie dans ma maison', language: 'fr' });
    expect(found(result)).toContain('declareClaim');
    expect(names(await ok<Archetype[]>('configurator', 'GET', `/environment/${target}/nlu/archetypes`))).toEqual(['degat', 'sinistre']);

    // Synced again with nothing changed: everything is left alone.
    const again = await ok<SyncPreview>('configurator', 'GET', `/environment/${target}/toolbox/kits/${kit.id}/preview`);
    expect(again.items.every((item) => item.action === 'unchanged')).toBe(true);
  });

  it('offers later kit changes as an update, and asks about entities changed in the environment', async () => {
    const source = await claimEnvironment();
    const kit = await newKit('Mises à jour');
    const { components } = await ok<{ components: ComponentSummary[] }>('configurator', 'POST', `/environment/${source}/toolbox/save`, { kitId: kit.id, type: 'interaction', name: 'declareClaim', context: 'claims' });
    const target = await targetEnvironment();
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});

    const component = (name: string) => components.find((item) => item.name === name)!;
    const putArchetype = (name: string, fr: string) =>
      ok('configurator', 'PUT', `/organisation/demo/toolbox/components/${component(name).id}`, { kitId: kit.id, type: 'archetype', entity: { name, dictionaries: { fr } } });
    await putArchetype('degat', 'dégât des eaux\nincendie\ntempête');
    const [sync] = await ok<EnvironmentSync[]>('configurator', 'GET', `/environment/${target}/toolbox/syncs`);
    expect(sync!.updateAvailable).toBe(true);
    const update = await ok<SyncPreview>('configurator', 'GET', `/environment/${target}/toolbox/kits/${kit.id}/preview`);
    expect(update.items.find((item) => item.name === 'degat')!.action).toBe('update');
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    const archetypes = await ok<Archetype[]>('configurator', 'GET', `/environment/${target}/nlu/archetypes`);
    expect(archetypes.find((item) => item.name === 'degat')!.dictionaries.fr).toContain('tempête');
    expect((await ok<EnvironmentSync[]>('configurator', 'GET', `/environment/${target}/toolbox/syncs`))[0]!.updateAvailable).toBe(false);

    // The environment changes "sinistre", then the kit does too: a conflict to resolve.
    const local = archetypes.find((item) => item.name === 'sinistre')!;
    await ok('configurator', 'PUT', `/environment/${target}/nlu/archetypes/${local.id}`, { name: 'sinistre', dictionaries: { fr: 'sinistre\n[[degat]]\naccident' } });
    await putArchetype('sinistre', 'sinistre;sinistres;sinistré\n[[degat]]');
    const conflicted = await ok<SyncPreview>('configurator', 'GET', `/environment/${target}/toolbox/kits/${kit.id}/preview`);
    const conflict = conflicted.items.find((item) => item.name === 'sinistre')!;
    expect(conflict.action).toBe('conflict');
    const refused = await call('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'toolboxConflictUnresolved', params: { names: 'sinistre' } });

    const dictionaryOf = async () => (await ok<Archetype[]>('configurator', 'GET', `/environment/${target}/nlu/archetypes`)).find((item) => item.name === 'sinistre')!.dictionaries.fr;
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, { resolutions: { [conflict.componentId]: 'environment' } });
    expect(await dictionaryOf()).toContain('accident');
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, { resolutions: { [conflict.componentId]: 'kit' } });
    expect(await dictionaryOf()).toBe('sinistre;sinistres;sinistré\n[[degat]]');
  });

  it('unsyncs keeping the entities as the environment’s own', async () => {
    const source = await claimEnvironment();
    const kit = await newKit('Garder');
    await ok('configurator', 'POST', `/environment/${source}/toolbox/save`, { kitId: kit.id, type: 'interaction', name: 'declareClaim', context: 'claims' });
    const target = await targetEnvironment();
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    const answer = await ok<{ deleted: unknown[] }>('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/unsync`, { mode: 'keep' });
    expect(answer.deleted).toEqual([]);
    expect(await ok<EnvironmentSync[]>('configurator', 'GET', `/environment/${target}/toolbox/syncs`)).toEqual([]);
    expect(names(await ok<NluInteraction[]>('configurator', 'GET', `/environment/${target}/nlu/interactions`))).toEqual(['declareClaim']);
    // A kit no environment is synced to can be deleted; one still synced cannot.
    await ok('configurator', 'DELETE', `/organisation/demo/toolbox/kits/${kit.id}`, undefined, 204);
  });

  it('unsyncs deleting the entities, refused with the reason while a rule uses one', async () => {
    const source = await claimEnvironment();
    const kit = await newKit('Supprimer');
    await ok('configurator', 'POST', `/environment/${source}/toolbox/save`, { kitId: kit.id, type: 'interaction', name: 'declareClaim', context: 'claims' });
    const target = await targetEnvironment();
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    const deleteKit = await call('configurator', 'DELETE', `/organisation/demo/toolbox/kits/${kit.id}`);
    expect(deleteKit.json()).toMatchObject({ code: 'toolboxKitSynced' });

    // A categorization rule of the environment uses the interaction.
    const settings = await ok<{ name: string; visibility: string; priority: boolean; settings: Record<string, unknown> }>('configurator', 'GET', `/environment/${target}/settings`);
    const categorization = {
      id: 'cat',
      type: 'categorization',
      name: 'Tri',
      config: { categories: [{ id: 'c1', name: 'Sinistre', rules: [{ id: 'r1', name: 'declareClaim', criteria: [{ type: 'interaction', interaction: 'declareClaim', context: 'claims', parameters: [] }] }] }] },
    };
    const withRule = { ...settings.settings, modules: [{ id: 'nlu', type: 'nlu', name: 'NLU' }, categorization] };
    await ok('configurator', 'PUT', `/environment/${target}/settings`, { name: settings.name, visibility: settings.visibility, priority: settings.priority, settings: { ...withRule, modules: [{ id: 'x', type: 'extractor', name: 'Extracteur' }, ...withRule.modules] } });
    const refused = await call('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/unsync`, { mode: 'delete' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'toolboxEntityInUse', params: { entity: 'claims / declareClaim', usedBy: 'Tri' } });
    // Nothing moved: still synced, still there.
    expect(await ok<EnvironmentSync[]>('configurator', 'GET', `/environment/${target}/toolbox/syncs`)).toHaveLength(1);

    await ok('configurator', 'PUT', `/environment/${target}/settings`, { name: settings.name, visibility: settings.visibility, priority: settings.priority, settings: settings.settings });
    const answer = await ok<{ deleted: { type: string; name: string }[] }>('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/unsync`, { mode: 'delete' });
    expect(answer.deleted).toHaveLength(4);
    expect(await ok<NluInteraction[]>('configurator', 'GET', `/environment/${target}/nlu/interactions`)).toEqual([]);
    expect(await ok<NluContext[]>('configurator', 'GET', `/environment/${target}/nlu/contexts`)).toEqual([]);
  });

  it('syncs extraction modules and snippets into the environment settings', async () => {
    const kit = await newKit('Extraction');
    const add = (type: string, entity: unknown) => ok('configurator', 'POST', '/organisation/demo/toolbox/components', { kitId: kit.id, type, entity }, 201);
    await add('extraction_module', { name: 'Références', config: { fields: [{ id: 'f1', name: 'iban', source: { type: 'namedSnippet', snippet: 'ibanSnippet' } }] } });
    await add('extraction_snippet', { name: 'ibanSnippet', program: '{{ text | slice: 0, 4 }}' });
    // A pipeline with the modules that read extracted fields: the synced module goes before them.
    const target = await createEnvironment(server.handle.db, {
      modules: [
        { id: 'x', type: 'extractor', name: 'Extracteur' },
        { id: 'c', type: 'categorization', name: 'Tri' },
        { id: 'r', type: 'replyTemplate', name: 'Réponse' },
        { id: 'out', type: 'output', name: 'Sortie' },
      ],
    });
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    const { settings } = await ok<{ settings: { modules: { type: string; name: string; config: { snippets?: { name: string }[] } }[] } }>('configurator', 'GET', `/environment/${target}/settings`);
    expect(settings.modules.map((module) => module.type)).toEqual(['extractor', 'extraction', 'categorization', 'replyTemplate', 'output']);
    expect(settings.modules[1]!.config.snippets!.map((snippet) => snippet.name)).toEqual(['ibanSnippet']);
  });

  it('puts a snippet synced into an environment without extraction module into a new one', async () => {
    const kit = await newKit('Snippet seul');
    await ok('configurator', 'POST', '/organisation/demo/toolbox/components', { kitId: kit.id, type: 'extraction_snippet', entity: { name: 'seul', program: '{{ text }}' } }, 201);
    const target = await createEnvironment(server.handle.db, { modules: [{ id: 'out', type: 'output', name: 'Sortie' }] });
    await ok('configurator', 'POST', `/environment/${target}/toolbox/kits/${kit.id}/sync`, {});
    const preview = await ok<SyncPreview>('configurator', 'GET', `/environment/${target}/toolbox/kits/${kit.id}/preview`);
    expect(preview.items.map((item) => item.action)).toEqual(['unchanged']);
  });
});

describe('use-case library', () => {
  it('lists the three templates with what they configure, and a published kit', async () => {
    const kit = await ok<KitSummary>('sre', 'POST', '/organisation/demo/toolbox/kits', { name: 'Kit publié', notes: 'Pour tous', published: true }, 201);
    await ok('sre', 'POST', '/organisation/demo/toolbox/components', { kitId: kit.id, type: 'context', entity: { name: 'publie', languages: ['fr'] } }, 201);
    // Qualifiers read the library; cockpit-only members (the viewer) do not (§6 "dashboard only").
    expect((await call('viewer', 'GET', '/organisation/demo/use-cases')).statusCode).toBe(403);
    const library = await ok<UseCase[]>('qualifier', 'GET', '/organisation/demo/use-cases');
    expect(library.map((item) => item.id).slice(0, 3)).toEqual(['insurance:meeting', 'tourism:airline-messages', 'retail:quotes-and-orders']);
    const insurance = library[0]!;
    expect(insurance.summary.interactions).toContain('prendreRendezVous');
    expect(insurance.summary.extractionFields).toEqual(['numero_contrat', 'numero_sinistre', 'date_souhaitee', 'creneau', 'telephone']);
    expect(library.find((item) => item.id === kit.id)).toMatchObject({ kind: 'kit', name: 'Kit publié', description: 'Pour tous' });
  });

  it.each([
    ['insurance:meeting', 'Bonjour, je souhaiterais prendre un rendez-vous avec un conseiller.', 'prendreRendezVous'],
    ['tourism:airline-messages', 'Nous vous informons que le vol AF1234 du 12/03/2026 est annulé.', 'annulationVol'],
    ['retail:quotes-and-orders', 'Pourriez-vous nous envoyer un devis pour 20 chaises ?', 'demanderDevis'],
  ])('makes %s environments whose NLU finds the interaction of a typical mail', async (template, text, expected) => {
    const created = await ok<{ id: string }>('configurator', 'POST', '/project/demo-ic/environments', { name: `Modèle ${template} ${Date.now()}`, source: { kind: 'template', template } }, 201);
    const result = await ok<NluResult>('configurator', 'POST', `/environment/${created.id}/nlu/test`, { text, language: 'fr' });
    expect(found(result)).toEqual([expected]);
    const check = await ok<{ errors: unknown[]; contextsWithoutServer: string[] }>('configurator', 'GET', `/environment/${created.id}/nlu/check`);
    expect(check).toEqual({ errors: [], contextsWithoutServer: [] });
  });

  it.each([
    ['insurance:meeting', 'Contrat n° HAB-4521789 : je souhaiterais un rendez-vous le 12/03/2026 le matin. Tél. 06 12 34 56 78', { numero_contrat: 'HAB-4521789', date_souhaitee: '2026-03-12', creneau: 'matin' }],
    ['tourism:airline-messages', 'Le vol AF1234 CDG - JFK du 12/03/2026 est retardé, nouvel horaire 14:35. Référence : QX7B2K', { numero_vol: 'AF1234', pnr: 'QX7B2K', aeroport_depart: 'CDG', aeroport_arrivee: 'JFK', nouvel_horaire: '14:35' }],
    ['retail:quotes-and-orders', 'Commande n° CMD-2026-118, client n° C-4471. Adresse de livraison : 12 rue des Lilas, 69003 Lyon', { numero_commande: 'CMD-2026-118', numero_client: 'C-4471', adresse_livraison: '12 rue des Lilas, 69003 Lyon' }],
  ])('extracts the fields of a typical %s mail', async (template, text, expected) => {
    const created = await ok<{ id: string }>('configurator', 'POST', '/project/demo-ic/environments', { name: `Extraction ${template} ${Date.now()}`, source: { kind: 'template', template } }, 201);
    const { settings } = await ok<{ settings: { modules: { id: string; type: string }[] } }>('configurator', 'GET', `/environment/${created.id}/settings`);
    const obtained: Record<string, unknown> = {};
    for (const module of settings.modules.filter((item) => item.type === 'extraction')) {
      const answer = await ok<{ cases: { fields: Record<string, unknown> }[] }>('configurator', 'POST', `/environment/${created.id}/modules/${module.id}/extraction/test`, { cases: [{ id: 't', text }] });
      for (const [name, value] of Object.entries(answer.cases[0]!.fields)) if (value !== null) obtained[name] ??= value;
    }
    expect(obtained).toMatchObject(expected);
  });

  it('makes an environment from a kit, synced to it', async () => {
    const source = await claimEnvironment();
    const kit = await newKit('Modèle sinistres');
    await ok('configurator', 'POST', `/environment/${source}/toolbox/save`, { kitId: kit.id, type: 'interaction', name: 'declareClaim', context: 'claims' });
    const created = await ok<{ id: string }>('configurator', 'POST', '/project/demo-ic/environments', { name: `Depuis un kit ${Date.now()}`, source: { kind: 'kit', kitId: kit.id } }, 201);
    const [sync] = await ok<EnvironmentSync[]>('configurator', 'GET', `/environment/${created.id}/toolbox/syncs`);
    expect(sync).toMatchObject({ kit: { id: kit.id }, updateAvailable: false });
    const result = await ok<NluResult>('configurator', 'POST', `/environment/${created.id}/nlu/test`, { text: 'Déclaration de sinistre incendie', language: 'fr' });
    expect(found(result)).toContain('declareClaim');
  });
});
