/** Page models of the testing center's tests list and results (src/features/testing-center/runs). */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

export const testRunsPages = {
  openList: (page: Page, projectId: string) => openPage(page, `/project/${projectId}/testing-center/messages-bank/tests`),
  /** Launch dialog: environment, set (by its visible name) and the current configuration. */
  async launch(page: Page, environment: string, setName: string) {
    await page.getByRole('button', { name: 'Lancer un test' }).click();
    await page.locator('#launch-environment').selectOption({ label: environment });
    const set = page.locator('#launch-set option', { hasText: setName });
    await page.locator('#launch-set').selectOption((await set.getAttribute('value'))!);
    await page.getByRole('button', { name: 'Lancer', exact: true }).click();
    await page.waitForURL(/\/tests\/[^/]+$/);
  },
  finished: (page: Page) => page.locator('[data-page="test-result"][data-status="finished"]').waitFor({ timeout: 120_000 }),
  metricsRow: (page: Page, value: string) => page.getByRole('table', { name: 'Métriques' }).locator(`tr[data-value="${value}"]`),
  cell: (page: Page, expected: string, obtained: string) => page.locator(`button[data-cell="${expected}|${obtained}"]`),
  messageRows: (page: Page) => page.locator('[role="row"][data-message-id]'),
  /** A results row's message name, a link to its qualification screen while the bank holds it. */
  messageLink: (page: Page, name: string) => page.locator('[role="row"][data-message-id]').getByRole('link', { name }),
  /** The qualification screen's line naming the run "accept obtained" (key O) takes values from. */
  obtainedSource: (page: Page) => page.getByTestId('obtained-source'),
  compareWith: (page: Page, value: string) => page.locator('#compare-reference').selectOption(value),
  delta: (page: Page, value: string) => page.locator(`tr[data-delta="${value}"]`),
};
