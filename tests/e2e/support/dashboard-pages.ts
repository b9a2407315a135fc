/** Page model of the environment dashboard (issue 18). */
import type { Locator, Page } from 'playwright-core';

export const dashboardPage = {
  async open(page: Page, projectId: string, envId: string) {
    await page.goto(`/project/${projectId}/environment/${envId}/dashboard`);
    await page.locator('#dashboard-relative').waitFor();
  },
  async pickRange(page: Page, relative: 'this' | 'last' | 'past', unit: 'day' | 'week' | 'month' | 'quarter' | 'year') {
    await page.locator('#dashboard-relative').selectOption(relative);
    await page.locator('#dashboard-unit').selectOption(unit);
  },
  rangeText: (page: Page) => page.getByTestId('dashboard-range'),
  total: (page: Page, id: 'received' | 'finished' | 'errorRate' | 'p95' | 'webhookSuccess') => page.getByTestId(`total-${id}`).locator('dd'),
  panel: (page: Page, id: string) => page.getByTestId(`panel-${id}`),
  /** The panel's table, by the accessible name of its region. */
  table: (page: Page, title: string) => page.getByRole('region', { name: `Chiffres de « ${title} »` }),
  /** The cells of the table row named `label`. */
  rowCells: (table: Locator, label: string) =>
    table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) }).locator('td'),
  csvButton: (page: Page, title: string) => page.getByRole('button', { name: `Télécharger les chiffres de « ${title} » en CSV` }),
};
