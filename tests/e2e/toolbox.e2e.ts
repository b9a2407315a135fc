/**
 * The toolbox as a configurator would use it: save an interaction of one environment to a
 * new kit (its context and archetypes travel with it), find the kit and its tree, sync it into
 * another environment after reading the preview, run an analysis there that finds the synced
 * interaction, and remove the sync keeping the entities. Both environments are made for the scenario
 * through the API (as a program would) and deleted after it, with the kit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { featureFlags } from './support/admin-pages';
import { apiAs, scratchEnvironment, type Api } from './support/api';
import { signedInSession } from './support/session';
import { nluPages } from './support/nlu-pages';
import { toolboxPages as tb } from './support/toolbox-pages';

const PROJECT = 'demo-ic';
const stamp = Date.now();
const KIT = `Pannes ${stamp}`;
let page: Page;
let api: Api;
let source: string;
let target: string;
let interactionId: string;
let fromTemplate: string | undefined;

/** An environment with an extractor, an NLU module on context `sav` and an output. */
const environment = (name: string) =>
  scratchEnvironment(api, PROJECT, name, [
    { id: 'extractor', type: 'extractor', name: 'Extracteur' },
    { id: 'nlu', type: 'nlu', name: 'NLU', context: 'sav' },
    { id: 'output', type: 'output', name: 'Sortie' },
  ]);

const session = signedInSession('configurator');

beforeAll(async () => {
  ({ page } = session);
  api = await apiAs('admin');
  source = await environment(`Toolbox source ${stamp}`);
  const nlu = (path: string, body: unknown) => api<{ item: { id: string } }>('POST', `/v4/console/api/environment/${source}/nlu${path}`, body);
  const context = await nlu('/contexts', { name: 'sav', languages: ['fr'] });
  await nlu('/archetypes', { name: 'appareil', dictionaries: { fr: 'aspirateur\ncafetière\nlave-linge' } });
  await nlu('/archetypes', { name: 'panne', dictionaries: { fr: 'panne\nen panne\nne fonctionne plus' } });
  interactionId = (await nlu('/interactions', { contextId: context.item.id, name: 'signalerPanne', parameters: [{ name: 'appareil', position: 0, archetype: 'appareil' }, { name: 'panne', position: 1, archetype: 'panne' }] })).item.id;
  await nlu('/servers', { name: 'principal', contexts: ['sav'] });
  // The target has a server without contexts: the synced context is linked to it.
  target = await environment(`Toolbox cible ${stamp}`);
  await api('POST', `/v4/console/api/environment/${target}/nlu/servers`, { name: 'principal', contexts: [] });
});

afterAll(async () => {
  for (const id of [source, target, fromTemplate]) if (id) await api('DELETE', `/v4/console/api/environment/${id}`).catch(() => undefined);
  const { kits } = await api<{ kits: { id: string; name: string }[] }>('GET', `/v4/console/api/organisation/demo/toolbox/kits?search=${encodeURIComponent(KIT)}`);
  for (const kit of kits) await api('DELETE', `/v4/console/api/organisation/demo/toolbox/kits/${kit.id}`).catch(() => undefined);
});

describe('toolbox', () => {
  it('saves an interaction of an environment to a new kit, with its context and archetypes', async () => {
    await tb.openInteraction(page, PROJECT, source, interactionId);
    await tb.saveToNewKit(page, KIT);
    await expect.poll(() => page.getByText('4 composants enregistrés dans le kit').count()).toBe(1);

    await tb.openKits(page);
    await tb.search(page, `${stamp}`);
    await expect.poll(() => tb.kitRows(page).count()).toBe(1);
    await tb.openKit(page, KIT);
    await expect.poll(() => tb.treeComponents(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-component')))).toEqual(['sav', 'appareil', 'panne', 'sav / signalerPanne']);
  });

  it('syncs the kit into another environment after its preview, where an analysis uses the synced interaction', async () => {
    await tb.openEnvironmentKits(page, PROJECT, target);
    await tb.startSync(page, KIT);
    await expect.poll(() => tb.previewActions(page)).toEqual(['sav: Créé', 'appareil: Créé', 'panne: Créé', 'sav / signalerPanne: Créé']);
    await tb.applySync(page);
    await tb.syncedKit(page, KIT).waitFor();
    await expect(tb.syncedKit(page, KIT).textContent()).resolves.toContain('signalerPanne');

    const analysis = await api<{ id: string }>('POST', `/v4/console/api/environment/${target}/analyses/simulated-mail`, {
      sender: 'client@example.com',
      recipient: 'sav@fabricant.example',
      subject: 'Mon appareil',
      body: 'Bonjour, mon aspirateur est en panne depuis hier.',
    });
    await expect.poll(async () => (await api<{ status: string }>('GET', `/v4/console/api/environment/${target}/analyses/${analysis.id}`)).status, { timeout: 60_000 }).toBe('processed');
    await openPage(page, `/project/${PROJECT}/environment/${target}/analyses/${analysis.id}?tab=modules`);
    const result = nluPages.nluResult(page);
    await result.waitFor();
    await expect.poll(() => result.locator('tr[data-interaction="signalerPanne"]').textContent()).toContain('Oui');
  });

  it('adds an extraction snippet from scratch to the kit, written in the Liquid editor', async () => {
    await tb.openKits(page);
    await tb.search(page, `${stamp}`);
    await tb.openKit(page, KIT);
    await tb.newComponent(page);
    await tb.componentType(page).selectOption({ label: "Snippet d'extraction" });
    await tb.componentName(page).fill('majuscules');
    await tb.typeProgram(page, '{{ text | upcase }}');
    await tb.saveComponent(page);
    await page.waitForURL((url) => !url.pathname.endsWith('/new'));
    await page.getByRole('link', { name: KIT }).click();
    await expect.poll(() => tb.treeComponents(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-component')))).toContain('majuscules');
  });

  it('offers the kit change as an update', async () => {
    await tb.openEnvironmentKits(page, PROJECT, target);
    await tb.update(page, KIT);
    await expect.poll(() => tb.previewActions(page)).toEqual(['sav: Laissé tel quel', 'appareil: Laissé tel quel', 'panne: Laissé tel quel', 'sav / signalerPanne: Laissé tel quel', 'majuscules: Créé']);
    await tb.applySync(page);
    await expect.poll(() => tb.syncedKit(page, KIT).textContent()).toContain('majuscules');
    await expect(tb.updateButton(page, KIT).count()).resolves.toBe(0);
  });

  it('asks which version to keep when the environment changed an entity the kit changes too', async () => {
    const archetypes = await api<{ id: string; name: string }[]>('GET', `/v4/console/api/environment/${target}/nlu/archetypes`);
    const local = archetypes.find((item) => item.name === 'panne')!;
    await api('PUT', `/v4/console/api/environment/${target}/nlu/archetypes/${local.id}`, { name: 'panne', dictionaries: { fr: 'panne\nen panne\nhors service' } });
    const { kits } = await api<{ kits: { id: string }[] }>('GET', `/v4/console/api/organisation/demo/toolbox/kits?search=${encodeURIComponent(KIT)}`);
    const details = await api<{ tree: { components: { id: string; name: string }[] } }>('GET', `/v4/console/api/organisation/demo/toolbox/kits/${kits[0]!.id}`);
    const component = details.tree.components.find((item) => item.name === 'panne')!;
    await api('PUT', `/v4/console/api/organisation/demo/toolbox/components/${component.id}`, { kitId: kits[0]!.id, type: 'archetype', entity: { name: 'panne', dictionaries: { fr: 'panne\nen panne\nne fonctionne plus\nnon fonctionnel' } } });

    await tb.openEnvironmentKits(page, PROJECT, target);
    await tb.update(page, KIT);
    await expect.poll(() => tb.previewActions(page)).toContain('panne: ConflitVersion du kitGarder celle de l\'environnement');
    // Nothing is synced until each conflict has a choice.
    await expect(tb.applyButton(page).isDisabled()).resolves.toBe(true);
    await tb.keepEnvironmentVersion(page, 'panne');
    await tb.applySync(page);
    await expect.poll(() => tb.updateButton(page, KIT).count()).toBe(0);
    const after = await api<{ name: string; dictionaries: { fr: string } }[]>('GET', `/v4/console/api/environment/${target}/nlu/archetypes`);
    expect(after.find((item) => item.name === 'panne')!.dictionaries.fr).toContain('hors service');
  });

  it('removes the sync keeping the entities, which stay in the environment', async () => {
    await tb.openEnvironmentKits(page, PROJECT, target);
    await tb.unsyncKeeping(page, KIT);
    await tb.emptySyncs(page).waitFor();
    await nluPages.openList(page, PROJECT, target, 'interactions');
    await nluPages.interactionRow(page, 'signalerPanne').waitFor();
  });

  it('starts an environment from a use-case template of the library, with its NLU configuration', async () => {
    // The library belongs to the experimental light edition (BUC flag, per browser).
    await featureFlags.enable(page, 'Édition légère (BUC)');
    await tb.openLibrary(page);
    await expect(tb.useCaseIds(page)).resolves.toEqual(expect.arrayContaining(['insurance:meeting', 'tourism:airline-messages', 'retail:quotes-and-orders']));
    await expect(page.locator('[data-use-case="insurance:meeting"]').textContent()).resolves.toContain('prendreRendezVous');
    // Into this file's project, chosen in the dialog: its first project by name is another one.
    await tb.useTemplate(page, 'insurance:meeting', `Rendez-vous ${stamp}`, 'Courrier entrant');
    await page.waitForURL((url) => url.pathname.startsWith(`/project/${PROJECT}/environment/`) && url.pathname.endsWith('/configuration'));
    fromTemplate = new URL(page.url()).pathname.split('/')[4]!;
    await nluPages.openList(page, PROJECT, fromTemplate, 'interactions');
    await nluPages.interactionRow(page, 'prendreRendezVous').waitFor();
  });
});
