/**
 * The audit log as an organisation admin reads it, in French: sentences with the names of
 * what changed ("Alice Admin a créé l'environnement … du projet Courrier entrant"), pickers for the person
 * and the action instead of internal codes, French dates, and the raw request folded in a detail.
 * The scenario makes its own environment and access key, and deletes the environment at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openPage } from './support/browser';
import { signInByApi } from './support/session';
import { apiAs, scratchEnvironment, type Api } from './support/api';

let browser: Browser;
let api: Api;
let envId: string | undefined;
/** The day the entries are written, as French reads it (dd/mm/yy). */
let frenchDay = '';
const envName = `Journal ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiAs('admin');
  const now = new Date();
  frenchDay = [now.getDate(), now.getMonth() + 1, now.getFullYear() % 100].map((n) => String(n).padStart(2, '0')).join('/');
  envId = await scratchEnvironment(api, 'demo-ic', envName);
  await api('POST', `/v4/console/api/environment/${envId}/access-keys`, { name: 'Robot du journal' });
});

afterAll(async () => {
  if (envId !== undefined) await api('DELETE', `/v4/console/api/environment/${envId}`).catch(() => undefined);
  await browser?.close();
});

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('audit log', () => {
  it('reads as French sentences, filtered with pickers, with the request in a detail', async () => {
    const { context, page } = await newPage(browser);
    await signInByApi(page, 'admin');
    await page.waitForURL(/\/orga\/[^/]+$/);
    await openPage(page, '/orga/demo/audit-logs');

    // The action picker lists actions by their French names, not operation codes.
    const action = page.getByLabel('Action', { exact: true });
    await action.locator('option', { hasText: "Création d'un environnement" }).waitFor({ state: 'attached' });
    expect(await action.locator('option', { hasText: 'environments.create' }).count()).toBe(0);
    await action.selectOption({ label: "Création d'un environnement" });
    // The person picker lists the organisation's members.
    await page.getByLabel('Personne', { exact: true }).selectOption({ value: 'admin' });

    const created = rowWith(page, `Alice Admin a créé l'environnement ${envName} du projet Courrier entrant`);
    await created.waitFor();
    // The day of the change, as French reads it.
    expect(await created.getByRole('cell').first().textContent()).toContain(frenchDay);
    // The raw request is there, folded.
    const detail = created.locator('details');
    expect(await detail.getAttribute('open')).toBeNull();
    await created.getByText('Requête').click();
    await created.getByText('POST /v4/console/api/project/demo-ic/environments').waitFor();
    expect(await created.getByText('environments.create').isVisible()).toBe(true);

    await action.selectOption({ label: "Création d'une clé d'accès" });
    await rowWith(page, `Alice Admin a créé la clé d'accès Robot du journal dans l'environnement ${envName} du projet Courrier entrant`).waitFor();

    // A member who did nothing of the kind: the list says so.
    await page.getByLabel('Personne', { exact: true }).selectOption({ value: 'viewer' });
    await page.getByText('Aucune entrée').waitFor();
    await context.close();
  }, 60_000);
});
