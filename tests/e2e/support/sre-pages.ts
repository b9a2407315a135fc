/** Page models of the SRE analyses screens: a changed label is fixed here. */
import type { Page } from 'playwright-core';
import { userMenu } from './navigation-pages';

export const srePages = {
  /** From the user menu's profile section, as the SRE reaches it. */
  async openInboxcareFromMenu(page: Page) {
    await userMenu.choose(page, 'Analyses de boîtes de réception (SRE)');
    await page.waitForURL(/\/admin\/sre-inboxcare/);
  },
  async pickEnvironment(page: Page, label: string) {
    await page.locator('#sre-environment').selectOption({ label });
  },
  async toggleStatus(page: Page, status: string) {
    await page.getByRole('group', { name: 'Statut' }).getByRole('button', { name: status }).click();
  },
  rows: (page: Page) => page.getByTestId('sre-analyses-table').locator('tbody tr'),
  rowIds: (page: Page) =>
    page
      .getByTestId('sre-analyses-table')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-analysis-id'))),
  reprocessMatching: (page: Page) => page.getByRole('button', { name: 'Relancer tout ce que les filtres retiennent' }),
  dialog: (page: Page) => page.getByRole('dialog', { name: 'Relancer des analyses' }),
  dryRunText: (page: Page) => page.getByTestId('reprocess-dry-run').textContent(),
  confirm: (page: Page) => page.getByRole('dialog').getByRole('button', { name: /^Relancer \d+ analyses?$/ }),
  progress: (page: Page) => page.getByTestId('reprocess-progress'),
};
