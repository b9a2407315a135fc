/**
 * The environment's navigation, the advanced creation wizard and the error logs as a new
 * configurator would use them, on an environment of their own (a copy of the demo NLU project's
 * staging environment made through the API, deleted at the end) so the shared demo stays as it was:
 * walk every entry of the §2.4 menu, go up and across with the breadcrumbs and the environment
 * switcher, create a chain with the wizard, test its sentence before (on the draft) and after creation, read the error logs and follow
 * one to its analysis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { apiAs, scratchEnvironment, settledStatus, type Api } from './support/api';
import { configurationIde } from './support/configuration-ide-pages';
import { graphPage } from './support/graph-pages';
import { signedInSession } from './support/session';
import { environmentNav as nav, errorLogsPage as logs, locationBar as bar, wizardPage as wizard } from './support/configuration-nav-pages';

const PROJECT = 'demo-nlu';
const stamp = Date.now();
const ENV_NAME = `Navigation e2e ${stamp}`;
const BARE_NAME = `Sans contexte e2e ${stamp}`;
let page: Page;
let api: Api;
let envId: string;
let bareId: string;
let failedAnalysis: { id: string; name: string };

const session = signedInSession('configurator');
beforeAll(async () => {
  ({ page } = session);
  api = await apiAs('admin');
  // A dedicated copy of the staging environment (its NLU, server and categorization included).
  const file = await api<{ environment: { name: string } }>('GET', '/v4/console/api/environment/demo-nlu-recette/export');
  ({ id: envId } = await api<{ id: string }>('POST', `/v4/console/api/project/${PROJECT}/environments`, {
    name: ENV_NAME,
    visibility: 'public',
    source: { kind: 'import', file: { ...file, environment: { ...file.environment, name: ENV_NAME } } },
  }));
  bareId = await scratchEnvironment(api, PROJECT, BARE_NAME);
  // A mail whose attachment is not the PDF its name says: the extractor ends in error.
  const name = `Pièce illisible ${stamp}`;
  const queued = await api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses/simulated-mail`, {
    name,
    sender: 'client@example.test',
    recipient: 'service@example.test',
    subject: 'Contrat',
    body: 'Veuillez trouver mon contrat en pièce jointe.',
    attachments: [{ name: 'contrat.pdf', contentBase64: Buffer.from('ceci n’est pas un PDF').toString('base64') }],
  });
  failedAnalysis = { id: queued.id, name };
  // It must end in error.
  const status = await settledStatus(api, envId, queued.id);
  if (status !== 'error') throw new Error(`the unreadable attachment should end the analysis in error, not ${status}`);
}, 120_000);

afterAll(async () => {
  for (const id of [envId, bareId]) if (id) await api('DELETE', `/v4/console/api/environment/${id}`).catch(() => undefined);
});

describe('environment navigation', () => {
  it('walks every entry of the §2.4 menu, grouped as the spec lists them, and each opens its page', async () => {
    await openPage(page, `/project/${PROJECT}/environment/${envId}`);
    await nav.sideMenu(page).waitFor();
    expect(await nav.groupIds(page)).toEqual(['nlu', 'categorization', 'modules', 'extraction', 'replies', 'delivery', 'postProcessing', 'consolidation', 'output', 'errorLogs', 'tools']);
    await nav.openGroup(page, 'nlu');
    expect(await nav.entryNames(page, 'nlu')).toEqual(['Archétypes', 'Interactions', 'Contextes', "Fonctions d'interaction", 'Serveurs NLU', 'Langues', 'Test NLU']);

    const home = page.url();
    for (const group of await nav.groupIds(page)) {
      await page.goto(home);
      await nav.openGroup(page, group);
      const names = await nav.entryNames(page, group);
      for (const [index, name] of names.entries()) {
        if (!page.url().includes(`/environment/${envId}`)) await page.goto(home);
        await nav.openGroup(page, group);
        const link = nav.group(page, group).locator('a').nth(index);
        const target = new URL((await link.getAttribute('href'))!, page.url()).pathname;
        await link.click();
        // Module lists with one module open it: the page is the entry's or below it.
        await page.waitForURL((url) => url.pathname.startsWith(target));
        // The page opened: its header names it, no error screen, and no "page not found".
        await bar.current(page).waitFor();
        const current = (await bar.current(page).textContent()) ?? '';
        expect(current, `${group} › ${name}`).not.toBe('');
        expect(await page.locator('main[role="alert"]').count(), `${group} › ${name}`).toBe(0);
        expect(await page.locator('h1').first().textContent(), `${group} › ${name}`).toBeTruthy();
        // Settings, webhooks, integrations and access keys open on this environment, and say so.
        if (target.includes('/env-management/')) await expect.poll(() => bar.crumbs(page), { message: `${group} › ${name}` }).toContain(ENV_NAME);
        // An entry's own page is named in the breadcrumbs as the menu names it.
        if (new URL(page.url()).pathname === target && target.includes(`/environment/${envId}/`)) {
          await expect.poll(() => bar.current(page).textContent(), { message: `${group} › ${name}` }).toBe(name);
        }
      }
    }
  });

  it('goes up with the breadcrumbs and across with the environment switcher, keeping the page', async () => {
    await openPage(page, `/project/${PROJECT}/environment/${envId}/configuration/nlu/archetypes`);
    await page.getByRole('heading', { name: 'Archétypes', level: 1 }).waitFor();
    await expect.poll(() => bar.crumbs(page)).toEqual(['Démo', 'Assistant NLU', ENV_NAME, 'Archétypes']);

    await bar.switcher(page).selectOption({ label: 'Recette' });
    await page.waitForURL(`**/project/${PROJECT}/environment/demo-nlu-recette/configuration/nlu/archetypes`);
    await expect.poll(() => bar.crumbs(page)).toEqual(['Démo', 'Assistant NLU', 'Recette', 'Archétypes']);

    // An item's page switches to the same screen, without the item (it belongs to one environment).
    await page.getByRole('link', { name: 'resiliation', exact: true }).click();
    await page.waitForURL(/\/archetypes\/[^/]+$/);
    await bar.switcher(page).focus();
    await bar.switcher(page).selectOption({ label: ENV_NAME });
    await page.waitForURL(`**/environment/${envId}/configuration/nlu/archetypes`);

    await bar.link(page, 'Assistant NLU').click();
    await page.waitForURL(`**/project/${PROJECT}`);
    await expect.poll(() => bar.crumbs(page)).toEqual(['Démo', 'Assistant NLU']);
    await bar.link(page, 'Démo').click();
    await page.waitForURL('**/orga/demo');
  });
});

describe('advanced creation wizard', () => {
  it('says a context is needed in an environment without one (§5)', async () => {
    await wizard.open(page, PROJECT, bareId);
    await page.getByText('Au moins un contexte est nécessaire').waitFor();
    await page.getByRole('link', { name: 'Créer un contexte' }).click();
    await page.waitForURL(`**/environment/${bareId}/configuration/nlu/contexts`);
  });

  it('creates an archetype, an interaction, a function and a category in one go, and the test sentence gets the category', async () => {
    await wizard.open(page, PROJECT, envId);
    expect(await wizard.currentStep(page).textContent()).toContain('Archétype');
    // §5: a name already used is warned about and holds the step.
    await wizard.field(page, "Nom de l'archétype").fill('resiliation');
    await wizard.field(page, 'Dictionnaire').fill('réclamation;réclamations;plainte');
    // What the line gives, under the field: one value, three forms.
    await expect.poll(() => page.getByTestId('dictionary-values').textContent()).toContain('« réclamation » pour : réclamation, réclamations, plainte');
    await expect.poll(() => wizard.duplicate(page).textContent()).toBe('Un archétype nommé « resiliation » existe déjà dans cet environnement.');
    expect(await wizard.next(page).isDisabled()).toBe(true);
    await wizard.field(page, "Nom de l'archétype").fill('reclamation');
    await wizard.next(page).click();

    expect(await wizard.currentStep(page).textContent()).toContain('Interaction');
    await wizard.field(page, "Nom de l'interaction").fill('deposerReclamation');
    await wizard.field(page, 'Nom du paramètre').fill('motif');
    await page.keyboard.press('Enter');

    expect(await wizard.currentStep(page).textContent()).toContain('Fonctions');
    await page.getByRole('button', { name: 'Ajouter une fonction' }).click();
    await wizard.field(page, 'Nom de la fonction').fill('parleDuContrat');
    await wizard.field(page, 'Mots à trouver').fill('contrat');
    await wizard.next(page).click();

    expect(await wizard.currentStep(page).textContent()).toContain('Catégorie');
    await wizard.field(page, 'Nom de la catégorie').fill('Résiliation');
    await expect.poll(() => wizard.duplicate(page).textContent()).toBe('Une catégorie nommée « Résiliation » existe déjà dans ce module.');
    await wizard.field(page, 'Nom de la catégorie').fill('Réclamation');
    await wizard.next(page).click();

    const review = await wizard.review(page).textContent();
    expect(review).toContain('Archétype « reclamation » (fr) : réclamation;réclamations;plainte');
    expect(review).toContain('Interaction « deposerReclamation » dans le contexte « assurance », paramètre « motif » rempli par « reclamation »');
    expect(review).toContain('Fonction « parleDuContrat » (Interaction autour) : contrat');
    expect(review).toContain('Catégorie « Réclamation » (Messages) du module « Catégorisation », règle « deposerReclamation »');
    // Before creating: the sentence through the NLU engine on the draft, in the browser. Without the
    // function's word ("contrat") the interaction is not found…
    await wizard.field(page, 'Phrase de test').fill('Bonjour, je dépose une réclamation.');
    await wizard.preview(page).click();
    await expect.poll(() => wizard.previewVerdict(page).textContent()).toBe(
      "La phrase ne trouve pas l'interaction « deposerReclamation » : la catégorie « Réclamation » ne serait pas donnée. Vérifiez le dictionnaire, les fonctions ou essayez une autre phrase.",
    );
    // …with it, it is, and the category would be given; nothing was created yet.
    await wizard.field(page, 'Phrase de test').fill('Bonjour, je dépose une réclamation au sujet de mon contrat.');
    expect(await wizard.previewVerdict(page).count()).toBe(0);
    await wizard.preview(page).click();
    await expect.poll(() => wizard.previewVerdict(page).textContent()).toBe(
      "La phrase trouve l'interaction « deposerReclamation » (réclamation) : la catégorie « Réclamation » serait donnée.",
    );
    expect(await wizard.created(page).count()).toBe(0);
    await wizard.create(page).click();
    await wizard.created(page).waitFor();
    await expect.poll(() => wizard.verdict(page).textContent(), { timeout: 20_000 }).toBe('La phrase reçoit la catégorie « Réclamation » : la chaîne fonctionne.');
    expect(await wizard.testResult(page).textContent()).toContain('Interactions trouvées : deposerReclamation');

    // What was created is where the screens show it.
    await wizard.created(page).getByRole('link', { name: 'deposerReclamation' }).click();
    await page.waitForURL(/\/configuration\/nlu\/interactions\/[^/]+$/);
    await openPage(page, `/project/${PROJECT}/environment/${envId}/configuration/categorization/demo-categorization`);
    await page.getByRole('link', { name: 'Réclamation', exact: true }).waitFor();
    // …in the graph (a node the search finds)…
    await graphPage.open(page, PROJECT, envId);
    await graphPage.search(page, 'deposer');
    await expect.poll(() => graphPage.searchResults(page).first().textContent()).toBe('Interaction · deposerReclamation');
    // …and in the configuration IDE's outline of the document.
    await configurationIde.openFromMenu(page, PROJECT, envId);
    await configurationIde.showOutline(page);
    await expect.poll(() => configurationIde.outline(page).textContent()).toContain('deposerReclamation');
    expect(await configurationIde.outline(page).textContent()).toContain('reclamation');
  });
});

describe('error logs', () => {
  it('lists the failed analysis with a translated message, filters it, and leads to the analysis', async () => {
    await openPage(page, `/project/${PROJECT}/environment/${envId}`);
    await nav.openGroup(page, 'errorLogs');
    await nav.group(page, 'errorLogs').getByRole('link', { name: "Journaux d'erreurs" }).click();
    await logs.rows(page).first().waitFor();
    const row = logs.rows(page).filter({ hasText: failedAnalysis.name }).first();
    expect(await row.getByTestId('error-log-message').textContent()).toBe('Le module Extracteur a échoué.');
    await expect.poll(() => page.getByTestId('error-logs-retention').textContent()).toContain('Conservées selon la rétention');

    await logs.moduleFilter(page).selectOption({ label: 'Extracteur' });
    await expect.poll(async () => (await logs.rows(page).allTextContents()).every((text) => text.includes('Extracteur'))).toBe(true);
    await logs.search(page).fill('aucun texte de ce genre');
    await logs.search(page).press('Enter');
    await logs.empty(page).waitFor();
    await logs.search(page).fill(failedAnalysis.name);
    await logs.search(page).press('Enter');
    await expect.poll(() => logs.rows(page).count()).toBeGreaterThan(0);

    await logs.rows(page).first().getByRole('link', { name: failedAnalysis.name }).click();
    await page.waitForURL(`**/environment/${envId}/analyses/${failedAnalysis.id}`);
    await expect.poll(() => bar.crumbs(page)).toEqual(['Démo', 'Assistant NLU', ENV_NAME, "Résultat d'analyse"]);
  });
});
