/** Page models of a self-service use case: labels live here, not in the scenarios. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const selfUseCasePages = {
  sendButton: (page: Page) => page.getByRole('button', { name: 'Envoyer un mail ou un document' }),
  rows: (page: Page) => page.getByTestId('light-analyses').locator('tbody tr'),
  categories: (page: Page) => page.getByTestId('light-categories'),
  quotaReached: (page: Page) => page.getByTestId('quota-reached'),
  tab: (page: Page, name: 'Analyses' | 'Tableau de bord' | 'Paramètres') => page.getByRole('navigation', { name: "Pages du cas d'usage" }).getByRole('link', { name }),
  confirmDelete: (page: Page) => page.locator('.bp6-alert').getByRole('button', { name: "Supprimer le cas d'usage" }).click(),
  /** A light user never lands on a full-console route from these pages: every link of the page stays under /self. */
  async expectLinksStayUnderSelf(page: Page) {
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !href.startsWith('/self'))).toEqual([]);
  },
};
