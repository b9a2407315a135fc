/** Page models of the categorization screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const categorizationPages = {
  /** From the configuration menu, the "Catégorisation" entry of the categorization section. */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'Catégorisation' }).getByRole('link', { name: /Catégorisation/ }).click();
    await page.getByRole('tab', { name: 'Messages' }).waitFor();
  },
  async addBodyCategory(page: Page, name: string) {
    await page.getByRole('button', { name: 'Nouvelle catégorie de message' }).click();
    await page.getByRole('dialog').getByLabel('Nom').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Ajouter' }).click();
    await page.waitForURL(/\/categories\/[^/]+$/);
  },
  async newRule(page: Page) {
    await page.getByRole('button', { name: 'Nouvelle règle' }).click();
    await page.waitForURL(/\/rules\/new$/);
    await page.getByRole('heading', { name: 'Nouvelle règle' }).waitFor();
  },
  ruleName: (page: Page) => page.getByLabel('Nom', { exact: true }),
  rulePriority: (page: Page) => page.getByLabel('Priorité', { exact: true }),
  addCriterion: (page: Page) => page.getByRole('button', { name: 'Ajouter un critère' }).click(),
  /** The n-th criterion card (0-based). */
  criterion: (page: Page, index: number) => page.getByTestId('criterion').nth(index),
  async pickInteraction(page: Page, index: number, interaction: string, context: string) {
    await categorizationPages.criterion(page, index).getByLabel('Interaction').selectOption({ label: `${interaction} (${context})` });
  },
  async addParameterCondition(page: Page, index: number, parameter: string, operator: string) {
    const card = categorizationPages.criterion(page, index);
    await card.getByRole('button', { name: 'Ajouter une condition de paramètre' }).click();
    const row = card.getByTestId('parameter-criterion').last();
    await row.getByLabel('Paramètre', { exact: true }).selectOption(parameter);
    await row.getByLabel('Condition', { exact: true }).selectOption({ label: operator });
  },
  async headerCondition(page: Page, index: number, header: string, operator: string, value: string) {
    const card = categorizationPages.criterion(page, index);
    await card.getByLabel('Type de critère').selectOption({ label: 'En-tête du mail' });
    await card.getByLabel('En-tête', { exact: true }).selectOption({ label: header });
    await card.getByLabel('Condition', { exact: true }).selectOption({ label: operator });
    await card.getByLabel('Valeur', { exact: true }).fill(value);
  },
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click(),
  /** Back to the category from a rule, by the breadcrumb. */
  async backTo(page: Page, text: string) {
    await page.locator('.bp6-breadcrumbs').getByRole('link', { name: text }).click();
    await page.getByRole('heading', { name: text }).waitFor();
  },
  ruleNames: (page: Page) => page.getByTestId('rule-name').allTextContents(),
  rulePriorities: (page: Page) => page.getByTestId('rule-priority').allTextContents(),
  /** Drags the rule row at `from` onto the row at `to` (0-based, in the table's order). */
  dragRule: (page: Page, from: number, to: number) => page.getByTestId('rule-row').nth(from).dragTo(page.getByTestId('rule-row').nth(to)),
  // Test panel
  testText: (page: Page) => page.getByLabel('Texte à catégoriser (comme corps de mail)'),
  /** Tests on an existing analysis of the environment, picked by name. */
  async testAnalysis(page: Page, name: string) {
    await page.getByText('Une analyse', { exact: true }).click();
    const select = page.getByLabel('Analyse de cet environnement');
    await select.locator('option', { hasText: name }).first().waitFor({ state: 'attached' });
    await select.selectOption({ label: name });
  },
  runTest: (page: Page) => page.getByRole('button', { name: 'Tester', exact: true }).click(),
  testResult: (page: Page) => page.getByTestId('categorization-test-result'),
  // Analysis result
  categorizationResult: (page: Page) => page.getByTestId('categorization-result'),
  consolidationResult: (page: Page) => page.getByTestId('consolidation-result'),
};
