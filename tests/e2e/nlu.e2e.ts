/**
 * The NLU screens as a new configurator would use them: write an archetype in the code
 * editor and an interaction, test a sentence and see the labels, run an analysis and read its
 * labelling view, import an exportVersion 2 file. The environment, its NLU context and server and its
 * module list are prepared through the API as a program would.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, scratchEnvironment, type Api } from './support/api';
import { baseUrl, launchBrowser, newPage, openPage } from './support/browser';
import { signInByApi } from './support/session';
import { nluPages } from './support/nlu-pages';
import { docsPicture } from './support/docs-pictures';

const PROJECT = 'demo-ic';
let browser: Browser;
let page: Page;
let api: Api;
let envId: string;
let workDir: string;

beforeAll(async () => {
  api = await apiAs('admin');
  envId = await scratchEnvironment(api, PROJECT, `NLU e2e ${Date.now()}`, [
    { id: 'extractor', type: 'extractor', name: 'Extracteur' },
    { id: 'nlu', type: 'nlu', name: 'NLU', context: 'assurance' },
    { id: 'output', type: 'output', name: 'Sortie' },
  ]);
  await api('POST', `/v4/console/api/environment/${envId}/nlu/contexts`, { name: 'assurance', languages: ['fr'] });
  await api('POST', `/v4/console/api/environment/${envId}/nlu/servers`, { name: 'principal', contexts: ['assurance'], labeling: true });
  workDir = await mkdtemp(path.join(tmpdir(), 'postroom-nlu-e2e-'));
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signInByApi(page, 'configurator');
});

afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('NLU screens', () => {
  it('writes an archetype in the code editor, with its errors inline, and an interaction using it', async () => {
    await nluPages.openConfiguration(page, PROJECT, envId);
    await nluPages.openMenuEntry(page, 'Archétypes');
    await nluPages.newArchetype(page);
    await nluPages.name(page).fill('sinistre');
    await nluPages.typeDictionary(page, ['// les sinistres', 'incendie;incendies', 'dégât des eaux', 'vol de [[objet]]']);
    await expect.poll(() => nluPages.dictionaryErrors(page).textContent()).toBe("ligne 4 : Le sous-archétype « objet » n'existe pas");
    // Fix the line: the error goes away as you type.
    await page.keyboard.press('Backspace');
    for (let i = 0; i < 'vol de [[objet]]'.length - 1; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('cambriolage');
    await nluPages.dictionaryErrors(page).waitFor({ state: 'detached' });
    await docsPicture(page, 'nlu-archetype');
    await nluPages.save(page);
    await page.waitForURL(/\/configuration\/nlu\/archetypes\/(?!new)/);

    await nluPages.openList(page, PROJECT, envId, 'archetypes');
    await expect.poll(() => nluPages.archetypeRow(page, 'sinistre').textContent()).toContain('fr');
    expect(await nluPages.archetypeRow(page, 'sinistre').locator('td').nth(2).textContent()).toBe('3');

    await nluPages.openList(page, PROJECT, envId, 'interactions');
    await nluPages.newInteraction(page);
    await nluPages.name(page).fill('declarerSinistre');
    await nluPages.addParameter(page, 1, 'evenement', 'sinistre');
    await nluPages.save(page);
    await page.waitForURL(/\/configuration\/nlu\/interactions\/(?!new)/);
    await nluPages.openList(page, PROJECT, envId, 'interactions');
    await expect.poll(() => nluPages.interactionRow(page, 'declarerSinistre').textContent()).toContain('evenement: sinistre');
  });

  it('tests a sentence in the browser and sees each span headed by its archetype', async () => {
    await nluPages.openList(page, PROJECT, envId, 'test');
    await nluPages.sentence(page).fill("Un incendie a ravagé l'entrepôt");
    await nluPages.runTest(page);
    await nluPages.testResult(page).waitFor();
    const labels = nluPages.labels(page);
    await expect.poll(() => labels.count()).toBe(1);
    expect(await labels.first().getAttribute('data-archetype')).toBe('sinistre');
    expect(await labels.first().locator('mark').textContent()).toBe('incendie');
    expect(await nluPages.testResult(page).locator('tr[data-interaction="declarerSinistre"]').textContent()).toContain('Oui');
    await docsPicture(page, 'nlu-test');
  });

  it('runs an analysis and reads its labelling view', async () => {
    const analysis = await api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses/simulated-mail`, {
      sender: 'client@example.com',
      recipient: 'sinistres@assureur.example',
      subject: 'Déclaration',
      body: 'Bonjour, un incendie a détruit mon garage hier.',
    });
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/v4/console/api/environment/${envId}/analyses/${analysis.id}`)).status, { timeout: 60_000 })
      .toBe('processed');
    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${analysis.id}?tab=modules`);
    const result = nluPages.nluResult(page);
    await result.waitFor();
    const label = result.getByTestId('nlu-label').first();
    expect(await label.getAttribute('data-archetype')).toBe('sinistre');
    expect(await label.locator('mark').textContent()).toBe('incendie');
    expect(await result.locator('tr[data-interaction="declarerSinistre"]').textContent()).toContain('Oui');
  });

  it("imports the original console's exportVersion 2 file and lists what it brought", async () => {
    const file = path.join(workDir, 'nlu-export.json');
    await writeFile(
      file,
      JSON.stringify({
        nlu: {
          archetypes: [{ name: 'ville', langs: ['fr'], dict_first_is_id: false, dict_invariable: false, regex_first_is_id: false, dict: [{ lang: 'fr', dictionary: 'Paris\nLyon' }], regex: [] }],
          contexts: [],
          servers: [],
          metadata: { exportVersion: 2 },
        },
      }),
    );
    await nluPages.openList(page, PROJECT, envId, 'archetypes');
    await nluPages.importFile(page, file);
    await expect.poll(() => nluPages.importReport(page).textContent()).toContain('1 archétype — ville');
    await nluPages.archetypeRow(page, 'ville').waitFor();
  });

  it('imports the same kind of file from the environment import / export page', async () => {
    const file = path.join(workDir, 'nlu-export-2.json');
    await writeFile(
      file,
      JSON.stringify({
        nlu: {
          archetypes: [{ name: 'region', langs: ['fr'], dict_first_is_id: false, dict_invariable: false, regex_first_is_id: false, dict: [{ lang: 'fr', dictionary: 'Bretagne\nNormandie' }], regex: [] }],
          contexts: [],
          servers: [],
          metadata: { exportVersion: 2 },
        },
      }),
    );
    await page.goto(`${baseUrl()}/project/${PROJECT}/env-management/import-export?envId=${envId}`);
    await nluPages.importFile(page, file);
    await expect.poll(() => nluPages.importReport(page).textContent()).toContain('1 archétype — region');
    await nluPages.openList(page, PROJECT, envId, 'archetypes');
    await nluPages.archetypeRow(page, 'region').waitFor();
  });
});
