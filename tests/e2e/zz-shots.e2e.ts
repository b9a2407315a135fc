import { afterAll, beforeAll, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { loginPage } from './support/pages';
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await loginPage.open(page);
  await loginPage.signIn(page, 'configurator');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});
afterAll(async () => browser?.close());
it('shots', async () => {
  const base = '/project/demo-nlu/environment/demo-nlu-prod';
  for (const [name, url] of [
    ['menu', `${base}/configuration`],
    ['categories', `${base}/configuration/categorization/demo-categorization`],
    ['category', `${base}/configuration/categorization/demo-categorization/categories/demo-body-declaration-de-sinistre`],
    ['rule', `${base}/configuration/categorization/demo-categorization/categories/demo-body-declaration-de-sinistre/rules/demo-body-declarerSinistre`],
    ['advanced', `${base}/configuration/categorization/demo-categorization/advanced`],
    ['consolidation', `${base}/configuration/consolidation/demo-consolidation`],
    ['settings', `/project/demo-nlu/env-management/settings?env=demo-nlu-prod`],
  ]) {
    await page.goto(url!);
    await page.waitForTimeout(1500);
    if (name === 'categories') {
      await page.getByLabel('Texte à catégoriser (comme corps de mail)').fill('Je déclare un incendie, contrat AB-77812, montant 4500 euros');
      await page.getByRole('button', { name: 'Tester', exact: true }).click();
      await page.waitForTimeout(1500);
    }
    await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: true });
  }
});
