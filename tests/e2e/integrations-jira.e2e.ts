/**
 * An admin connects the issue tracker (§2.2 integrations/jira/callback): creates a Jira
 * Cloud connector through the wizard, authorizes it on Atlassian's consent page (the local Atlassian
 * server of the global setup consents at once and sends the browser back to the console's callback
 * route, which finishes with the PKCE verifier), runs it over the last day and finds an issue filed for
 * an analysis of the environment, named after it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JIRA_TEST_CLIENT, type JiraIssue } from '../../server/test-support/jira-server';
import { apiAs, deleteConnectorsNamed } from './support/api';
import { integrationsPage as ui } from './support/integrations-pages';
import { signedInSession } from './support/session';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-recette';
const NAME = 'Support Jira e2e';
const MAIL = `Panne Jira e2e ${Date.now()}`;
const jiraUrl = inject('jiraUrl');
let page: Page;

const issues = async () => ((await (await fetch(`${jiraUrl}/__control/state`)).json()) as { issues: JiraIssue[] }).issues;

const session = signedInSession('admin');
beforeAll(async () => {
  ({ page } = session);
  const api = await apiAs('admin');
  await api('POST', `/v4/console/api/environment/${ENV}/analyses/simulated-mail`, { name: MAIL, sender: 'client@example.test', recipient: 'service@example.test', subject: MAIL, body: 'Bonjour, mon lave-linge est en panne.', attachments: [] });
});
afterAll(async () => {
  // Leave the shared demo as it was: the connector goes.
  await deleteConnectorsNamed(await apiAs('admin'), ENV, NAME);
});

describe('Jira integration', () => {
  it('is authorized through Atlassian and the callback route, then files an issue per analysis', async () => {
    await ui.open(page, PROJECT, ENV);
    await ui.newButton(page).click();
    await ui.typeSelect(page).selectOption('jira');
    await ui.nextButton(page).click();
    await page.locator('#connector-name').fill(NAME);
    await page.locator('#connector-clientId').fill(JIRA_TEST_CLIENT.clientId);
    await page.locator('#connector-clientSecret').fill(JIRA_TEST_CLIENT.clientSecret);
    await page.locator('#connector-projectKey').fill('sup');
    await ui.createButton(page).click();
    await ui.authorizeButton(page).click();

    // Atlassian consents and sends the browser back to the console, which finishes and returns to the tab.
    await page.waitForURL(/\/env-management\/integrations/, { timeout: 30_000 });
    await ui.row(page, NAME).getByText('Autorisé').waitFor();
    await ui.row(page, NAME).getByText('Suivi de tickets (Jira Cloud)').waitFor();

    await ui.runOnce(page, NAME);
    await expect.poll(async () => (await issues()).map((issue) => issue.fields.summary), { timeout: 60_000, interval: 250 }).toContain(MAIL);
    expect((await issues()).find((issue) => issue.fields.summary === MAIL)?.fields).toMatchObject({ project: { key: 'SUP' }, issuetype: { name: 'Task' } });
  }, 120_000);
});
