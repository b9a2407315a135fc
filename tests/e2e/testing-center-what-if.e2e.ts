/**
 * What-if as a configurator meets it: a test of a copy of the demo environment on the demo bank and
 * four cancellations worded in ways its dictionary does not know; from the result, "Et si…" replays
 * the run in the browser, proposes the missing words for the archetype of "Résiliation", tries them
 * ("+4 VP, −4 FN sur Résiliation", nothing saved), applies them after a confirmation and launches a
 * real test, which finds the four. A qualifier gets neither the button nor the page. The environment
 * copy, the bank messages and the set are the scenario's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDialog } from './support/admin-pages';
import { categorizationPages } from './support/categorization-pages';
import { apiAs, type Api } from './support/api';
import { openPage } from './support/browser';
import { signedInSession } from './support/session';
import { testRunsPages } from './support/test-runs-pages';
import { extractionPages } from './support/extraction-pages';

const PROJECT = 'demo-nlu';
const BASE = `/v4/console/api/project/${PROJECT}/testing-center`;
const stamp = Date.now();
// Named to sort after the demo environments: screens that default to the first one keep theirs.
const ENV_NAME = `What-if e2e ${stamp}`;
const SET_NAME = `Et si e2e ${stamp}`;
const MISSED = [
  'Je voudrais arrêter mon contrat AB-70001 à la fin du mois.',
  "Merci d'arrêter le contrat AB-70002 au plus vite.",
  'Merci de clôturer mon contrat AB-70003.',
  'Je vous demande de clôturer le contrat AB-70004.',
];

const configurator = signedInSession('configurator');
const qualifier = signedInSession('qualifier');
let api: Api;
let envId: string;
let setId: string;
let runId: string;
/** The demo's « resiliation » archetype as the run read it. */
let resiliation: { id: string; name: string; notes: string; dictionaries: { fr?: string } };
const own: string[] = [];

const mail = (subject: string, body: string) =>
  `From: Jean Martin <jean.martin@example.com>\r\nTo: contact@assureur.example\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

beforeAll(async () => {
  api = await apiAs('admin');
  // A copy of the demo's production environment: applying a change must not touch the shared one.
  const file = await api<{ environment: { name: string } }>('GET', '/v4/console/api/environment/demo-nlu-prod/export');
  ({ id: envId } = await api<{ id: string }>('POST', `/v4/console/api/project/${PROJECT}/environments`, {
    name: ENV_NAME,
    visibility: 'public',
    source: { kind: 'import', file: { ...file, environment: { ...file.environment, name: ENV_NAME } } },
  }));
  for (const [index, text] of MISSED.entries()) {
    const form = new FormData();
    form.append('file', new Blob([mail('Mon contrat', text)], { type: 'message/rfc822' }), `fin-${stamp}-${index}.eml`);
    const { id } = await api<{ id: string }>('POST', `${BASE}/messages`, form);
    await api('PUT', `${BASE}/messages/${id}/expected`, { expected: { categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: 'Résiliation' }] } } });
    own.push(id);
  }
  const archetypes = await api<(typeof resiliation)[]>('GET', `/v4/console/api/environment/${envId}/nlu/archetypes`);
  resiliation = archetypes.find((archetype) => archetype.name === 'resiliation')!;
  const demo = await api<{ ids: string[] }>('GET', `${BASE}/sets/demo-bank-set-all/message-ids`);
  ({ id: setId } = await api<{ id: string }>('POST', `${BASE}/sets`, { kind: 'manual', name: SET_NAME, messageIds: [...demo.ids, ...own] }));
  ({ id: runId } = await api<{ id: string }>('POST', `${BASE}/tests`, { environmentId: envId, setId, versionId: null }));
}, 120_000);

afterAll(async () => {
  if (envId) await api('DELETE', `/v4/console/api/environment/${envId}`).catch(() => undefined);
  if (setId) await api('DELETE', `${BASE}/sets/${setId}`).catch(() => undefined);
  for (const id of own) await api('DELETE', `${BASE}/messages/${id}`).catch(() => undefined);
});

describe('what-if on a test run', () => {
  it('proposes the missed words, tries them in the browser, applies them and launches a test that finds the messages', { timeout: 300_000 }, async () => {
    const { page } = configurator;
    await openPage(page, `/project/${PROJECT}/testing-center/messages-bank/tests/${runId}`);
    await testRunsPages.finished(page);
    await page.getByRole('button', { name: 'Et si… (essayer une modification)' }).click();
    await page.waitForURL(/\/what-if$/);
    await page.locator('[data-page="test-what-if"][data-phase="ready"]').waitFor({ timeout: 120_000 });
    // Replayed without change, the run gives its own outcomes: no warning.
    if ((await page.getByTestId('what-if-drift').count()) > 0) {
      await page.getByTestId('what-if-drift').locator('summary').click();
      throw new Error(`replayed without change, messages differ from the run: ${await page.getByTestId('what-if-drift').innerText()}`);
    }

    const card = page.locator('[data-proposal="dictionary"][data-category="Résiliation"]');
    await expect.poll(() => card.getByRole('heading').innerText()).toContain('« arrêter »');
    await expect.poll(() => card.getByRole('heading').innerText()).toContain("l'archétype resiliation (fr)");
    await card.locator('summary', { hasText: '4 messages manqués' }).click();
    await card.getByText(`fin-${stamp}-2.eml`).waitFor();

    await card.getByRole('button', { name: 'Essayer' }).click();
    const tried = card.getByTestId('what-if-comparison');
    await expect.poll(() => tried.locator('li[data-value="Résiliation"]').innerText(), { timeout: 120_000 }).toContain('+4 VP, −4 FN sur Résiliation');
    // Nothing saved yet: the environment's dictionary is as it was.
    const before = await api<{ name: string; dictionaries: { fr?: string } }[]>('GET', `/v4/console/api/environment/${envId}/nlu/archetypes`);
    expect(before.find((archetype) => archetype.name === 'resiliation')?.dictionaries.fr).not.toContain('arrêter');

    await card.getByRole('button', { name: 'Appliquer' }).click();
    await confirmDialog.acceptWith(page, 'Appliquer');
    await page.getByText('Modification enregistrée', { exact: true }).waitFor();
    await confirmDialog.acceptWith(page, 'Lancer le test');
    await page.waitForURL((url) => /\/tests\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(runId));
    await testRunsPages.finished(page);
    // The real run finds the four: no false negative left on Résiliation.
    await expect.poll(() => testRunsPages.metricsRow(page, 'Résiliation').locator('td').nth(3).innerText()).toBe('0');
    const after = await api<{ name: string; dictionaries: { fr?: string } }[]>('GET', `/v4/console/api/environment/${envId}/nlu/archetypes`);
    expect(after.find((archetype) => archetype.name === 'resiliation')?.dictionaries.fr).toContain('arrêter');
  });

  it("tries the categorization module as it is now on the run from the categorization screen's test panel", { timeout: 180_000 }, async () => {
    const { page } = configurator;
    await categorizationPages.openFromMenu(page, PROJECT, envId);
    // Saved at once by the list (no run follows): the module now differs from the run's.
    await page.getByLabel('Catégorie « Demande de devis » activée').click({ force: true });
    await confirmDialog.accept(page);
    await expect.poll(() => page.getByLabel('Catégorie « Demande de devis » activée').isChecked()).toBe(false);
    await page.getByText('Un test du centre de test', { exact: true }).click();
    const trial = page.getByTestId('run-trial');
    await trial.locator(`#what-if-run option[value="${runId}"]`).waitFor({ state: 'attached' });
    await trial.locator('#what-if-run').selectOption(runId);
    await trial.getByRole('button', { name: 'Essayer sur ce test' }).click();
    // The eight quote requests of the demo bank are no longer found.
    await expect.poll(() => trial.locator('li[data-value="Demande de devis"]').innerText(), { timeout: 120_000 }).toContain('−8 VP, +8 FN');
  });

  it("tries an archetype's dictionaries as edited, unsaved, on the run from the archetype editor", { timeout: 180_000 }, async () => {
    const { page } = configurator;
    // The dictionary as the run read it (the first scenario saved the proposed words since).
    await api('PUT', `/v4/console/api/environment/${envId}/nlu/archetypes/${resiliation.id}`, { name: resiliation.name, notes: resiliation.notes, dictionaries: resiliation.dictionaries });
    await openPage(page, `/project/${PROJECT}/environment/${envId}/configuration/nlu/archetypes/${resiliation.id}`);
    const editor = page.getByTestId('dictionary-editor').locator('.cm-content');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('arrêter');
    const trial = page.getByTestId('run-trial-section');
    await trial.locator(`#what-if-run option[value="${runId}"]`).waitFor({ state: 'attached' });
    await trial.locator('#what-if-run').selectOption(runId);
    await trial.getByRole('button', { name: 'Essayer sur ce test' }).click();
    // The two messages that say « arrêter » are found; the two that say « clôturer » still are not.
    await expect.poll(() => trial.locator('li[data-value="Résiliation"]').innerText(), { timeout: 120_000 }).toContain('+2 VP, −2 FN');
    const saved = await api<(typeof resiliation)[]>('GET', `/v4/console/api/environment/${envId}/nlu/archetypes`);
    expect(saved.find((archetype) => archetype.name === 'resiliation')?.dictionaries.fr).not.toContain('arrêter');
    // The line taken back, nothing is left unsaved for the next scenario.
    await editor.click();
    await page.keyboard.press('Control+End');
    for (let typed = 0; typed < 'arrêter'.length + 1; typed += 1) await page.keyboard.press('Backspace');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).and(page.locator('[disabled]')).waitFor();
  });

  it('tries the extraction fields as edited, unsaved, on the run from the extraction tests', { timeout: 180_000 }, async () => {
    const { page } = configurator;
    await extractionPages.openFromMenu(page, PROJECT, envId);
    await page.getByRole('button', { name: 'Supprimer le champ numeroContrat' }).click();
    await confirmDialog.accept(page);
    await extractionPages.tab(page, 'Tests');
    const trial = page.getByTestId('run-trial-section');
    await trial.locator(`#what-if-run option[value="${runId}"]`).waitFor({ state: 'attached' });
    await trial.locator('#what-if-run').selectOption(runId);
    await trial.getByRole('button', { name: 'Essayer sur ce test' }).click();
    // Without the field, every contract number the bank expects is missed.
    await expect.poll(() => trial.locator('li[data-value="numeroContrat"]').innerText(), { timeout: 120_000 }).toMatch(/^−\d+ VP, \+\d+ FN/);
  });

  it('gives a qualifier neither the button nor the page', { timeout: 120_000 }, async () => {
    const { page } = qualifier;
    await openPage(page, `/project/${PROJECT}/testing-center/messages-bank/tests/${runId}`);
    await testRunsPages.finished(page);
    expect(await page.getByRole('button', { name: 'Et si… (essayer une modification)' }).count()).toBe(0);
    await openPage(page, `/project/${PROJECT}/testing-center/messages-bank/tests/${runId}/what-if`);
    await page.getByTestId('no-access').getByText('Accès non autorisé').waitFor();
  });
});
