/** Page models of the environment navigation, the creation wizard and the error logs. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

export const environmentNav = {
  sideMenu: (page: Page) => page.getByRole('navigation', { name: 'Environnement' }),
  group: (page: Page, id: string) => page.locator(`.p-side-nav__group[data-group="${id}"]`),
  /** Opens a group of the side menu with the keyboard (its summary takes Enter). */
  async openGroup(page: Page, id: string) {
    const group = environmentNav.group(page, id);
    if ((await group.getAttribute('open')) === null) {
      await group.locator('summary').focus();
      await page.keyboard.press('Enter');
    }
    await group.locator('ul').waitFor();
  },
  groupIds: (page: Page) => page.locator('.p-side-nav__group').evaluateAll((groups) => groups.map((group) => group.getAttribute('data-group') ?? '')),
  entryNames: (page: Page, id: string) => environmentNav.group(page, id).locator('a').allTextContents(),
};

export const locationBar = {
  bar: (page: Page) => page.getByTestId('location-bar'),
  crumbs: (page: Page) => page.getByTestId('location-bar').locator('.bp6-breadcrumb').allTextContents(),
  current: (page: Page) => page.getByTestId('location-bar').locator('[aria-current="page"]'),
  link: (page: Page, name: string) => page.getByTestId('location-bar').getByRole('link', { name, exact: true }),
  switcher: (page: Page) => page.getByRole('combobox', { name: "Changer d'environnement" }),
};

export const wizardPage = {
  async open(page: Page, projectId: string, envId: string) {
    await openPage(page, `/project/${projectId}/environment/${envId}/configuration`);
    await page.getByRole('link', { name: /Assistant de création avancée/ }).click();
    await page.getByRole('heading', { name: 'Assistant de création avancée', level: 1 }).waitFor();
  },
  currentStep: (page: Page) => page.locator('.p-wizard__steps [aria-current="step"]'),
  /** A field by the start of its label (required ones end with a star). */
  field: (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) }),
  next: (page: Page) => page.getByRole('button', { name: 'Suivant' }),
  duplicate: (page: Page) => page.getByTestId('wizard-duplicate'),
  review: (page: Page) => page.getByTestId('wizard-review'),
  create: (page: Page) => page.getByRole('button', { name: 'Créer la chaîne' }),
  /** The test before creation (the NLU engine on the draft, in the browser) and its verdict. */
  preview: (page: Page) => page.getByRole('button', { name: 'Tester avant de créer' }),
  previewVerdict: (page: Page) => page.getByTestId('wizard-preview-verdict'),
  created: (page: Page) => page.getByTestId('wizard-created'),
  verdict: (page: Page) => page.getByTestId('wizard-test-verdict'),
  testResult: (page: Page) => page.getByTestId('wizard-test-result'),
};

export const errorLogsPage = {
  rows: (page: Page) => page.getByTestId('error-log-row'),
  moduleFilter: (page: Page) => page.getByLabel('Module', { exact: true }),
  periodFilter: (page: Page) => page.getByLabel('Période', { exact: true }),
  search: (page: Page) => page.getByRole('searchbox'),
  empty: (page: Page) => page.getByText("Aucune erreur sur cette période : tout s'est bien passé."),
};
