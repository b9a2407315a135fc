/**
 * A newcomer following docs/guide/first-use-case.md: sign in on the login page, create an environment
 * from scratch, give it an NLU context, its modules, an archetype, an interaction and a server, a
 * category with a rule on the interaction, then import the page's mail into the bank, qualify it, run
 * a test and read the category found. Each `step` is one numbered heading of the page, in the page's
 * order (checked below, and by scripts/first-use-case-guide.test.ts in the unit stage), and uses the
 * labels the page quotes. Its environment, bank message and set are its own, deleted at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, type Api } from './support/api';
import { launchBrowser, newPage, openPage } from './support/browser';
import { categorizationPages as cat } from './support/categorization-pages';
import { confirmDialog } from './support/admin-pages';
import { docsPicture } from './support/docs-pictures';
import { nluPages } from './support/nlu-pages';
import { loginPage } from './support/pages';
import { testingCenterPages as tc } from './support/testing-center-pages';
import { testRunsPages } from './support/test-runs-pages';
import { fencedBlock, GUIDE_FILE, guideSteps, readRepoFile } from '../../scripts/first-use-case-guide';

const GUIDE = readRepoFile(GUIDE_FILE);
const PROJECT = 'demo-nlu';
const PROJECT_NAME = 'Assistant NLU';
const STAMP = Date.now().toString(36);
// The page's names, made the test's own where the shared demo project could hold another run's.
const ENV_NAME = `Sinistres ${STAMP}`;
const TAG = `premier-cas-${STAMP}`;
const SET = `Premier jeu ${STAMP}`;
const CONTEXT = 'sinistres';
const CATEGORY = 'Sinistre';

let browser: Browser;
let page: Page;
let admin: Api;
let envId = '';

/** The steps in the order they are declared; each becomes a test named as the page's heading. */
const declared: string[] = [];
function step(title: string, run: () => Promise<void>, timeout?: number) {
  declared.push(title);
  it(title, run, timeout);
}

beforeAll(async () => {
  admin = await apiAs('admin');
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
  // What the walk made in the shared demo project goes: its bank message, its set, its environment.
  const bank = `/v4/console/api/project/${PROJECT}/testing-center`;
  const { items } = await admin<{ items: { id: string }[] }>('GET', `${bank}/messages?tags=${TAG}`).catch(() => ({ items: [] }));
  if (items.length > 0) await admin('POST', `${bank}/messages/delete`, { messageIds: items.map((item) => item.id) }).catch(() => undefined);
  const { sets } = await admin<{ sets: { id: string; name: string }[] }>('GET', `${bank}/sets`).catch(() => ({ sets: [] }));
  for (const set of sets.filter((candidate) => candidate.name === SET)) await admin('DELETE', `${bank}/sets/${set.id}`).catch(() => undefined);
  if (envId) await admin('DELETE', `/v4/console/api/environment/${envId}`).catch(() => undefined);
});

describe('the first use case, as docs/guide/first-use-case.md tells it', () => {
  step('Start Postroom and sign in as configurator', async () => {
    await loginPage.open(page);
    await docsPicture(page, 'sign-in');
    await loginPage.signIn(page, 'configurator');
    await page.getByRole('link', { name: PROJECT_NAME }).first().waitFor();
  });

  step('Create an environment from scratch', async () => {
    await page.getByRole('link', { name: PROJECT_NAME }).first().click();
    await page.waitForURL(new RegExp(`/project/${PROJECT}$`));
    await page.getByRole('link', { name: 'Nouvel environnement' }).click();
    await page.getByLabel("Nom de l'environnement").fill(ENV_NAME);
    // Blueprint draws the radio over the native input: checked through the input itself.
    await page.getByLabel('De zéro').check({ force: true });
    await page.getByRole('button', { name: "Créer l'environnement" }).click();
    await page.waitForURL(new RegExp(`/project/${PROJECT}/environment/[^/]+`));
    envId = new URL(page.url()).pathname.split('/')[4]!;
    expect(envId).not.toBe('');
  });

  step('Create an NLU context', async () => {
    await nluPages.openConfiguration(page, PROJECT, envId);
    await nluPages.openMenuEntry(page, 'Contextes');
    await page.getByRole('button', { name: 'Nouveau contexte' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom', { exact: true }).fill(CONTEXT);
    const french = dialog.getByRole('checkbox', { name: 'Français' });
    if (!(await french.isChecked())) await french.check({ force: true });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: CONTEXT, exact: true }).waitFor();
  });

  step('Create the NLU server', async () => {
    await nluPages.openConfiguration(page, PROJECT, envId);
    await nluPages.openMenuEntry(page, 'Serveurs NLU');
    await page.getByRole('button', { name: 'Nouveau serveur' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom', { exact: true }).fill('principal');
    await dialog.getByLabel("Version de l'IA").fill('5');
    await dialog.getByRole('group', { name: 'Contextes associés' }).getByRole('checkbox', { name: CONTEXT }).check({ force: true });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'principal', exact: true }).waitFor();
  });

  step("Add the pipeline's modules", async () => {
    await openPage(page, `/project/${PROJECT}`);
    await page.locator(`tr[data-env-name="${ENV_NAME}"]`).getByRole('link', { name: 'Paramètres' }).click();
    await page.waitForURL(/\/env-management\/settings\?envId=/);
    for (const type of ['Extracteur', 'NLU', 'Catégorisation']) {
      await page.getByLabel('Type', { exact: true }).selectOption({ label: type });
      await page.getByRole('button', { name: 'Ajouter un module' }).click();
      await confirmDialog.accept(page);
      await page.getByLabel(`Nom du module ${type}`).waitFor();
    }
    await page.getByLabel('Contexte du module NLU').selectOption(CONTEXT);
    await docsPicture(page, 'first-use-case-modules', page.getByLabel('Contexte du module NLU'));
    const save = page.getByRole('button', { name: 'Enregistrer', exact: true });
    await save.click();
    // Saved: nothing left to save.
    await expect.poll(() => save.isDisabled()).toBe(true);
  });

  step('Write an archetype and its dictionary', async () => {
    await nluPages.openConfiguration(page, PROJECT, envId);
    await nluPages.openMenuEntry(page, 'Archétypes');
    await nluPages.newArchetype(page);
    await nluPages.name(page).fill('sinistre');
    await nluPages.typeDictionary(page, fencedBlock(GUIDE, 'text').trimEnd().split('\n'));
    expect(await nluPages.dictionaryErrors(page).count()).toBe(0);
    await nluPages.save(page);
    await page.waitForURL(/\/configuration\/nlu\/archetypes\/(?!new)/);
  });

  step('Create an interaction that uses it', async () => {
    await nluPages.openConfiguration(page, PROJECT, envId);
    await nluPages.openMenuEntry(page, 'Interactions');
    await nluPages.newInteraction(page);
    await nluPages.name(page).fill('declarerSinistre');
    await nluPages.addParameter(page, 1, 'evenement', 'sinistre');
    await nluPages.save(page);
    await page.waitForURL(/\/configuration\/nlu\/interactions\/(?!new)/);
  });

  step('Create a category with a rule on the interaction', async () => {
    await cat.openFromMenu(page, PROJECT, envId);
    await cat.addBodyCategory(page, CATEGORY);
    await cat.newRule(page);
    await cat.ruleName(page).fill('declarerSinistre');
    await cat.addCriterion(page);
    await cat.pickInteraction(page, 0, 'declarerSinistre', CONTEXT);
    await cat.save(page);
    await page.waitForURL(/\/rules\/(?!new)[^/]+$/);
  });

  step('Import a mail into the message bank', async () => {
    await tc.openBank(page, PROJECT);
    await page.getByRole('link', { name: 'Importer des messages' }).click();
    await page.getByRole('heading', { name: 'Importer des fichiers' }).waitFor();
    await tc.addImportTag(page, TAG);
    await tc.chooseFiles(page, [{ name: 'sinistre.eml', mimeType: 'message/rfc822', buffer: Buffer.from(fencedBlock(GUIDE, 'eml', '\r\n')) }]);
    await page.getByRole('button', { name: 'Importer 1 fichier' }).click();
    await expect.poll(() => tc.importStatuses(page), { timeout: 30_000 }).toEqual(['done']);
  });

  step('Qualify the mail as Sinistre', async () => {
    await tc.openBank(page, PROJECT, `?tag=${TAG}`);
    await expect.poll(() => tc.rowNames(page)).toEqual(['sinistre.eml']);
    await tc.selectPage(page);
    await tc.createSetFromSelection(page, SET);
    await tc.qualifySet(page, SET);
    await tc.chooseEnvironment(page, ENV_NAME);
    await tc.kind(page, 'categories').locator(`input[data-category="${CATEGORY}"]`).waitFor({ state: 'attached' });
    await tc.press(page, '1');
    await expect.poll(() => tc.categoryValues(page)).toEqual([CATEGORY]);
    await page.keyboard.press('a');
    // Saved, its categories qualified; the kinds left alone stay to qualify, which a test run skips.
    await page.getByText('« sinistre.eml » enregistré : les types laissés vides sans y toucher restent à qualifier').waitFor();
    await expect.poll(() => tc.kindState(page, 'categories')).toBe('qualified');
  });

  step('Launch a test run', async () => {
    await testRunsPages.openList(page, PROJECT);
    await testRunsPages.launch(page, ENV_NAME, SET);
  });

  step(
    'Read the category found',
    async () => {
      await testRunsPages.finished(page);
      const row = testRunsPages.metricsRow(page, CATEGORY);
      const cells = await row.locator('td').allInnerTexts();
      // Found where it was expected: one true positive, precision and recall 1.
      expect(cells[0]).toBe(CATEGORY);
      expect(cells[1]).toBe('1');
      expect(cells.filter((cell) => cell === '1.000').length).toBeGreaterThanOrEqual(2);
      await testRunsPages.cell(page, CATEGORY, CATEGORY).waitFor();
      await docsPicture(page, 'first-use-case-result', row);
    },
    180_000,
  );

  it('has walked the page: its steps are the numbered headings of docs/guide/first-use-case.md', () => {
    expect(declared).toEqual(guideSteps(GUIDE));
  });
});
