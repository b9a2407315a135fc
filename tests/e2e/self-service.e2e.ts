/**
 * The self-service area as the `light` demo user sees it (issue 22): the home after sign-in, with the
 * welcome, the month's quota, "new use case" from the library, and the new use case's card. The use
 * case is deleted at the end, so the shared demo keeps no use case.
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
  it('creates a use case from the library and shows it with the month quota on the home', async () => {
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

    await page.locator('main').getByRole('link', { name: "Nouveau cas d'usage" }).click();
    await page.waitForURL(/\/self\/new$/);
    await page.locator('[data-use-case="insurance:meeting"] label').click();
    expect(await page.locator('[data-use-case="insurance:meeting"]').getByRole('radio').isChecked()).toBe(true);
    const name = page.getByLabel("Nom du cas d'usage");
    await name.fill('Rendez-vous e2e');
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/self$/);

    const { useCases } = await light<{ useCases: { id: string; name: string }[] }>('GET', '/v4/console/api/self');
    const created = useCases.find((useCase) => useCase.name === 'Rendez-vous e2e');
    expect(created).toBeDefined();
    useCaseId = created!.id;
    const card = page.locator(`[data-use-case="${useCaseId}"]`);
    await card.getByRole('link', { name: 'Rendez-vous e2e' }).waitFor();
    await card.getByText("Aucune analyse pour l'instant").waitFor();
    await context.close();
  });
});
