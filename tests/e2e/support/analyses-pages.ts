/** Page models of the analyses screens: labels live here, not in the scenarios. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

export const analysesPages = {
  async openList(page: Page, projectId: string, envId: string) {
    await openPage(page, `/project/${projectId}/environment/${envId}/analyses`);
    await page.locator('#analyses-search').waitFor();
  },
  chooseMainFile: (page: Page, file: string) => page.getByLabel('Choisir le fichier principal').setInputFiles(file),
  /** Opens a tab of the analysis result page (Vue d'ensemble, Documents, Modules, Envois, Trace). */
  tab: async (page: Page, name: "Vue d'ensemble" | 'Documents' | 'Modules' | 'Envois' | 'Trace') => {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  },
  /** The list's category filter (exact name). */
  categoryFilter: (page: Page) => page.locator('#analyses-category'),
  /** The category buttons of a row: each filters the list on its category. */
  rowCategories: (row: ReturnType<Page['locator']>) => row.getByTestId('analysis-categories'),
  /** The overview's results: categories with why, extracted fields, reply draft. */
  results: (page: Page) => page.getByTestId('results-summary'),
  /** The list row whose name link reads `name`. */
  row: (page: Page, name: string) =>
    page.getByTestId('analyses-table').locator('tbody tr').filter({ has: page.getByRole('link', { name: `Ouvrir l'analyse ${name}` }) }),
};
