/**
 * The configuration graph as a configurator uses it: open the graph of the demo NLU
 * environment at a readable zoom, show it whole, see the demo's unused archetype marked as a problem
 * and its reply templates, filter by module, search an interaction with the keyboard and follow it to
 * its editor and back (`?node=`), follow an IDE problem to its node. Reads the demo; changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
import { graphPage as graph } from './support/graph-pages';
import { configurationIde as ide } from './support/configuration-ide-pages';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-prod';
let page: Page;

const session = signedInSession('configurator');
beforeAll(() => {
  ({ page } = session);
});

describe('configuration graph', () => {
  it('marks a problem on its node and lists it', async () => {
    await graph.open(page, PROJECT, ENV);
    // The pipeline's modules are drawn, at a zoom their names can be read at.
    await graph.node(page, 'Module', 'Catégorisation').waitFor({ timeout: 30_000 });
    const opened = await graph.zoom(page);
    expect(opened).toBeGreaterThanOrEqual(0.8);
    // The demo does not fit at that zoom: shown whole, it is drawn smaller, every node on screen.
    await graph.fitView(page).click();
    await expect.poll(() => graph.zoom(page)).toBeLessThan(0.8);
    await graph.node(page, 'Contexte', 'assurance').waitFor();
    await graph.node(page, 'Serveur', 'assistant').waitFor();
    // The demo's reply templates, the signature every other one includes among them.
    await graph.node(page, 'Modèle de réponse', 'Signature').waitFor();
    await graph.node(page, 'Modèle de réponse', 'Accusé de réception').waitFor();

    // The demo's "declaration" archetype is used by no interaction: a warning on its node…
    const declaration = graph.node(page, 'Archétype', 'declaration');
    await expect(graph.marker(declaration).getAttribute('aria-label')).resolves.toContain('« declaration » n\'est utilisé par aucune interaction');
    await expect(declaration.locator('.cg-node--warning').count()).resolves.toBe(1);
    // …and not on a used one.
    await expect(graph.marker(graph.node(page, 'Archétype', 'sinistre')).count()).resolves.toBe(0);

    // …and in the problems list, which selects the node.
    const problems = graph.problems(page);
    await expect(problems.getByRole('heading').textContent()).resolves.toBe('Problèmes (1)');
    await problems.getByRole('button', { name: /declaration/ }).click();
    await expect(graph.panelTitle(page).textContent()).resolves.toBe('Archétype · declaration');
  });

  it('filters by module: the categorization module shows its categories and what they test', async () => {
    const before = await graph.counts(page).textContent();
    await graph.moduleFilter(page).selectOption({ label: 'Catégorisation' });
    await expect.poll(() => graph.counts(page).textContent()).not.toBe(before);
    // The body and the attachment categories named "Résiliation".
    await expect.poll(() => graph.node(page, 'Catégorie', 'Résiliation').count()).toBe(2);
    await graph.node(page, 'Interaction', 'resilierContrat').waitFor();
    await expect(graph.node(page, 'Archétype', 'declaration').count()).resolves.toBe(0);
    await graph.moduleFilter(page).selectOption({ label: 'Tous les modules' });
    await expect.poll(() => graph.counts(page).textContent()).toBe(before);
  });

  it('filters by the reply template module: its templates and the signature they include, each leading to its editor', async () => {
    const before = await graph.counts(page).textContent();
    await graph.moduleFilter(page).selectOption({ label: 'Réponse (Modèle de réponse)' });
    // The module, its six templates; the five including the signature link to it.
    await expect.poll(() => graph.counts(page).textContent()).toBe('7 nœuds, 11 liens');
    const signature = graph.node(page, 'Modèle de réponse', 'Signature');
    await signature.waitFor();
    await expect(graph.node(page, 'Modèle de réponse', 'Sinistre').isVisible()).resolves.toBe(true);
    await signature.click();
    await expect(graph.panelTitle(page).textContent()).resolves.toBe('Modèle de réponse · Signature');
    await expect(graph.openEditor(page).getAttribute('href')).resolves.toMatch(/\/configuration\/reply-templates\/demo-reply-signature$/);
    await graph.panel(page).getByRole('button', { name: 'Fermer' }).click();
    await graph.moduleFilter(page).selectOption({ label: 'Tous les modules' });
    await expect.poll(() => graph.counts(page).textContent()).toBe(before);
  });

  it('searches a node with the keyboard and follows it to its editor', async () => {
    await graph.search(page, 'resilier');
    await expect(graph.searchResults(page).first().textContent()).resolves.toBe('Interaction · resilierContrat');
    await page.keyboard.press('Enter');
    await expect(graph.panelTitle(page).textContent()).resolves.toBe('Interaction · resilierContrat');
    // The panel has the focus: the next Tab reaches the link to the editor.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cg-panel-title');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Ouvrir l'éditeur");
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/configuration\/nlu\/interactions\/[^/]+$/);
    await page.getByRole('heading', { name: 'resilierContrat', level: 1 }).waitFor();
  });

  it('comes back from the editor to the node: ?node= opens the graph on it, selected', async () => {
    // The interaction editor reached above links to its node.
    await graph.showInGraph(page).click();
    await page.waitForURL(/\/graph\?node=interaction%3A/);
    await expect.poll(() => graph.panelTitle(page).textContent(), { timeout: 30_000 }).toBe('Interaction · resilierContrat');
    // Centred on it: drawn (only what is on screen is) and marked as selected.
    await expect.poll(() => graph.node(page, 'Interaction', 'resilierContrat').locator('.cg-node--selected').count()).toBe(1);
    // Closing the panel takes the node out of the address; picking another puts it in (a link to share).
    await graph.panel(page).getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('node')).toBeNull();
    await graph.problems(page).getByRole('button', { name: /declaration/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('node')).toMatch(/^archetype:/);
  });

  it("follows a problem of the configuration IDE to its node (the IDE's document names items, the graph resolves them)", async () => {
    await ide.open(page, PROJECT, ENV);
    const unused = ide.problems(page).locator('li', { hasText: /declaration/ });
    await unused.getByRole('link', { name: 'Voir dans le graphe' }).click();
    await page.waitForURL(/\/graph\?node=/);
    await expect.poll(() => graph.panelTitle(page).textContent(), { timeout: 30_000 }).toBe('Archétype · declaration');
  });
});
