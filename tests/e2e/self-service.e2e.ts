/**
 * The self-service area as the `light` demo user sees it (issue 22): the home after sign-in, with the
 * welcome, the month's quota and the use cases. The use case is created through the API (the "new
 * use case" screen is not built yet) and deleted at the end, so the shared demo keeps no use case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAs, type Api } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { layout, loginPage } from './support/pages';

let browser: Browser;
let light: Api;
let useCaseId: string | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  light = await apiAs('light');
});

afterAll(async () => {
  if (useCaseId !== null) await light('DELETE', `/v4/console/api/self/use-cases/${useCaseId}`);
  await browser?.close();
});

describe('self-service home', () => {
  it('welcomes the light user with the month quota and their use cases', async () => {
    const { id } = await light<{ id: string }>('POST', '/v4/console/api/self/use-cases', {
      name: 'Rendez-vous e2e',
      source: { kind: 'template', template: 'insurance:meeting' },
    });
    useCaseId = id;
    const before = await light<{ quota: { used: number; monthlyQuota: number } }>('GET', '/v4/console/api/self');

    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await loginPage.signIn(page, 'light');
    await page.waitForURL(/\/self$/);
    await layout.waitFor(page, 'selfService');
    await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    const quota = page.getByTestId('self-quota');
    await quota.getByText(`${before.quota.used} analyses sur ${before.quota.monthlyQuota} utilisées ce mois-ci`).waitFor();
    await quota.getByText(/Le compteur repart de zéro le/).waitFor();
    const card = page.locator(`[data-use-case="${id}"]`);
    await card.getByRole('link', { name: 'Rendez-vous e2e' }).waitFor();
    await card.getByText('Aucune analyse pour l\'instant').waitFor();
    expect(await page.getByRole('link', { name: 'Nouveau cas d\'usage' }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
