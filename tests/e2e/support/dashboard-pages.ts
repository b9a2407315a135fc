/** Page model of the environment dashboard. */
import { openPage } from './browser';
import type { Locator, Page } from 'playwright-core';

export const dashboardPage = {
  async open(page: Page, projectId: string, envId: string) {
    await openPage(page, `/project/${projectId}/environment/${envId}/dashboard`);
    await page.locator('#dashboard-relative').waitFor();
  },
  /** Picks the relative choice, then the unit, as fast as a script can: the second must not undo the first. */
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

/** Page model of the alerts page. */
export const alertsPage = {
  async open(page: Page, projectId: string, envId: string) {
    await openPage(page, `/project/${projectId}/environment/${envId}/dashboard/alerts`);
    await page.getByRole('heading', { name: 'Alertes', exact: true }).waitFor();
  },
  async fillTimeout(page: Page, name: string, minutes: number, email: string) {
    await page.locator('#alert-kind').selectOption('timeout');
    await page.locator('#alert-name').fill(name);
    await page.locator('#alert-timeoutMinutes').fill(String(minutes));
    await page.locator('#alert-email').fill(email);
  },
  newButton: (page: Page) => page.getByRole('button', { name: 'Nouvelle alerte' }),
  saveButton: (page: Page) => page.getByRole('button', { name: 'Enregistrer' }),
  row: (page: Page, name: string) => page.getByTestId(`alert-${name}`),
  enabledSwitch: (page: Page, name: string) => page.getByRole('checkbox', { name: `Alerte « ${name} » activée` }),
  editButton: (page: Page, name: string) => alertsPage.row(page, name).getByRole('button', { name: 'Modifier' }),
  history: (page: Page) => page.getByRole('table', { name: 'Historique' }),
};
