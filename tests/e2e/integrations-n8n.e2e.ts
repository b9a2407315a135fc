/**
 * An admin connects the workflow-automation tool (§2.2 integrations/external, §8): creates
 * an n8n connector through the wizard with the instance's address and API key, authorizes it on the
 * console's integrations/external page (which says what will be created), sees the platform's
 * workflow appear in n8n (tagged postroom, active), runs the connector over the last day and finds an
 * analysis of the environment posted to the workflow; deleting the connector is refused until the
 * workflow carries the Delete tag, then deletes the workflow too. n8n is the local protocol server
 * (server/test-support/n8n-server.ts), started by this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { N8N_TEST_API_KEY, startN8nTestServer, type N8nTestServer } from '../../server/test-support/n8n-server';
import { apiAs, deleteConnectorsNamed } from './support/api';
import { integrationsPage as ui } from './support/integrations-pages';
import { signedInSession } from './support/session';

const PROJECT = 'demo-nlu';
// The staging environment: this scenario's analysis stays out of the production lists other files read.
const ENV = 'demo-nlu-recette';
const NAME = 'Automatisations e2e';
const MAIL = `Relance n8n e2e ${Date.now()}`;
let page: Page;
let n8n: N8nTestServer;

const session = signedInSession('admin');
beforeAll(async () => {
  ({ page } = session);
  n8n = await startN8nTestServer();
  const api = await apiAs('admin');
  await api('POST', `/v4/console/api/environment/${ENV}/analyses/simulated-mail`, { name: MAIL, sender: 'client@example.test', recipient: 'service@example.test', subject: MAIL, body: 'Bonjour, je relance ma demande.', attachments: [] });
});
afterAll(async () => {
  // Leave the shared demo as it was, whatever happened: the connector goes.
  // n8n refuses the deletion until the workflow carries the Delete tag (§8).
  for (const workflow of n8n?.workflows() ?? []) n8n.tagWorkflow(workflow.id, 'Delete');
  await deleteConnectorsNamed(await apiAs('admin'), ENV, NAME);
  await n8n?.close();
});

describe('n8n integration', () => {
  it('is authorized on integrations/external, posts the analyses to its workflow, and asks for the Delete tag before deletion', async () => {
    await ui.open(page, PROJECT, ENV);
    await ui.newButton(page).click();
    await ui.typeSelect(page).selectOption('n8n');
    await ui.nextButton(page).click();
    await page.locator('#connector-name').fill(NAME);
    await page.locator('#connector-baseUrl').fill(n8n.url);
    await page.locator('#connector-apiKey').fill(N8N_TEST_API_KEY);
    await ui.createButton(page).click();
    await ui.authorizeButton(page).click();

    // The console's own page says what will be created in n8n before anything is.
    await page.waitForURL(/\/integrations\/external\?state=/);
    await page.getByText('workflow « Postroom » déclenché par un webhook').waitFor();
    expect(n8n.workflows()).toEqual([]);
    await page.getByRole('button', { name: 'Créer le workflow et connecter' }).click();
    await page.waitForURL(/\/env-management\/integrations/);
    await ui.row(page, NAME).getByText('Autorisé').waitFor();
    expect(n8n.workflows()).toEqual([expect.objectContaining({ name: NAME, active: true, tags: ['postroom'] })]);

    await ui.runOnce(page, NAME);
    await expect.poll(() => n8n.received().map((hit) => (hit.body as { name: string }).name), { timeout: 60_000, interval: 250 }).toContain(MAIL);

    await ui.row(page, NAME).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText("Ajoutez l'étiquette « Delete » aux workflows de Postroom").waitFor();
    await ui.row(page, NAME).waitFor();
    expect(n8n.workflows()).toHaveLength(1);

    n8n.tagWorkflow(n8n.workflows()[0]!.id, 'Delete');
    await ui.row(page, NAME).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
    await ui.row(page, NAME).waitFor({ state: 'detached' });
    expect(n8n.workflows()).toEqual([]);
  }, 120_000);
});
