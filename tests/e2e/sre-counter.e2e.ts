/**
 * The SRE opens the analyses counter from the user menu's profile section (issue 18, §2.4 SRE
 * screens) and reads an organisation's analyses of the month; an organisation admin is not offered
 * the entry. Its own in-process server, so the month's analyses are known.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { insertAnalysis } from '../../server/test-support/insert-analysis';
import { createTestServer, type TestServer } from '../../server/test-support/test-server';
import { launchBrowser } from './support/browser';
import { loginPage } from './support/pages';

let browser: Browser;
let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await createTestServer({ staticDir: path.resolve(import.meta.dirname, '../../dist') });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const now = new Date();
  const noon = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString();
  for (let i = 0; i < 3; i += 1) await insertAnalysis(server.handle.db, { environmentId: 'demo-ic-prod', createdAt: noon });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await loginPage.open(page);
  await loginPage.signIn(page, username);
  // Both land on their organisation's page; opening the menu during the redirect there loses it.
  await page.waitForURL(/\/orga\/[^/]+$/);
  await page.getByRole('button', { name: /Samuel|Alice/ }).waitFor();
  return page;
}

describe('SRE analyses counter', () => {
  it('is offered to the SRE in the user menu and counts the month per organisation', async () => {
    const page = await signedIn('sre');
    await page.getByRole('button', { name: /Samuel/ }).click();
    await page.getByRole('menuitem', { name: 'Profil' }).waitFor();
    await page.getByRole('menuitem', { name: "Compteur d'analyses (SRE)" }).click();
    await page.waitForURL(/\/admin\/sre-analyses-counter$/);
    await expect.poll(() => page.getByTestId('counter-demo').locator('td').first().textContent()).toBe('3');
    await page.context().close();
  });

  it('is not offered to an organisation admin', async () => {
    const page = await signedIn('admin');
    await page.getByRole('button', { name: /Alice/ }).click();
    await page.getByRole('menuitem', { name: 'Profil' }).waitFor();
    await expect(page.getByRole('menuitem', { name: "Compteur d'analyses (SRE)" }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
