/**
 * The categorization screens as a new configurator would use them: from the configuration
 * menu, build a category with two rules (an NLU interaction with a parameter condition; a mail header
 * condition), test a sentence and read the category and why, then simulate a mail and read the
 * category, the rule that fired and the criterion that held on the analysis result. Works on the
 * demo NLU project's staging environment, whose NLU and categorization the demo seeds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
import { analysesPages } from './support/analyses-pages';
import { categorizationPages as cat } from './support/categorization-pages';
import { docsPicture } from './support/docs-pictures';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-recette';
const CATEGORY = 'Sinistre urgent';
let page: Page;

const session = signedInSession('configurator');
beforeAll(() => {
  ({ page } = session);
});

describe('categorization screens', () => {
  it('builds a category with two rules in the screens', async () => {
    await cat.openFromMenu(page, PROJECT, ENV);
    // The demo's categories are there, in the messages tab.
    await page.getByRole('link', { name: 'Résiliation' }).waitFor();
    await cat.addBodyCategory(page, CATEGORY);

    // Rule 1: a claim that names its contract number, before every demo rule (priority 1).
    await cat.newRule(page);
    await cat.ruleName(page).fill('declarerSinistre');
    await cat.rulePriority(page).fill('1');
    await cat.addCriterion(page);
    await cat.pickInteraction(page, 0, 'declarerSinistre', 'assurance');
    await cat.addParameterCondition(page, 0, 'numeroContrat', 'existe');
    await cat.save(page);
    await page.waitForURL(/\/rules\/(?!new)[^/]+$/);

    // Rule 2: a mail whose subject says it is urgent.
    await cat.backTo(page, CATEGORY);
    await cat.newRule(page);
    await cat.ruleName(page).fill('urgence');
    await cat.rulePriority(page).fill('2');
    await cat.addCriterion(page);
    await cat.headerCondition(page, 0, 'Objet', 'contient', 'urgent');
    await cat.save(page);
    await page.waitForURL(/\/rules\/(?!new)[^/]+$/);
    // Not named after an interaction: the §5 warning, and it is saved anyway.
    await expect(page.getByTestId('configuration-messages-warnings').textContent()).resolves.toContain('Le nom de la règle « urgence »');

    await cat.backTo(page, CATEGORY);
    await expect.poll(() => cat.ruleNames(page)).toEqual(['declarerSinistre', 'urgence']);

    // Dragging a row reorders by priority; dragged back, nothing is left to save.
    await cat.dragRule(page, 1, 0);
    await expect.poll(() => cat.ruleNames(page)).toEqual(['urgence', 'declarerSinistre']);
    await expect(cat.rulePriorities(page)).resolves.toEqual(['1', '2']);
    await cat.dragRule(page, 1, 0);
    await expect.poll(() => cat.ruleNames(page)).toEqual(['declarerSinistre', 'urgence']);
    await expect(page.getByRole('button', { name: 'Enregistrer' }).isDisabled()).resolves.toBe(true);
    await docsPicture(page, 'categorization-rules');
  });

  it('tests a sentence and shows the category with the rule that fired and why', async () => {
    await cat.openFromMenu(page, PROJECT, ENV);
    await cat.testText(page).fill("Je déclare un incendie dans ma maison, contrat AB-77812.");
    await cat.runTest(page);
    const first = cat.testResult(page).getByTestId('category-decision').first();
    await expect(first.getByTestId('category-name').textContent()).resolves.toBe(CATEGORY);
    const why = await first.getByTestId('category-why').textContent();
    expect(why).toContain('La règle « declarerSinistre » (priorité 1, ET) s\'est déclenchée car :');
    expect(why).toContain('Interaction « declarerSinistre » (assurance), paramètre numeroContrat existe');
    // What was found: the interaction and the parameter's value (the archetype's identifier, #ID_ON).
    expect(why).toContain('trouvé : declarerSinistre ; numeroContrat = numero');
    // And the words of the sentence behind it, with their line.
    expect(why).toMatch(/mots : .*« [^»]*AB-77812[^»]* » \(ligne 1\)/);
    await docsPicture(page, 'categorization-test');
  });

  it('runs an analysis and reads the category and why on the result page', async () => {
    await analysesPages.openList(page, PROJECT, ENV);
    await page.getByRole('button', { name: 'Simuler un mail' }).click();
    await page.locator('#simulate-sender').fill('client@assure.example');
    await page.locator('#simulate-recipient').fill('sinistres@assureur.example');
    await page.locator('#simulate-subject').fill('URGENT : merci de me rappeler');
    await page.locator('#simulate-body').fill('Bonjour, pouvez-vous me rappeler dès que possible ?');
    await page.locator('#simulate-name').fill('Rappel urgent');
    await page.getByRole('button', { name: 'Simuler', exact: true }).click();
    const row = analysesPages.row(page, 'Rappel urgent');
    await row.locator('[data-status="processed"]').waitFor({ timeout: 60_000 });
    await row.getByRole('link').click();
    await analysesPages.tab(page, 'Modules');

    const result = cat.categorizationResult(page);
    await result.waitFor();
    const decision = result.getByTestId('category-decision').first();
    await expect(decision.getByTestId('category-name').textContent()).resolves.toBe(CATEGORY);
    const why = await decision.getByTestId('category-why').textContent();
    expect(why).toContain('La règle « urgence » (priorité 2, ET) s\'est déclenchée car :');
    expect(why).toContain('En-tête subject contient « urgent »');
    expect(why).toContain('URGENT : merci de me rappeler');
    // Consolidation makes it the analysis's category, with its reason.
    await expect(cat.consolidationResult(page).getByTestId('category-name').first().textContent()).resolves.toBe(CATEGORY);

    // The test panel runs the same on that existing analysis.
    await cat.openFromMenu(page, PROJECT, ENV);
    await cat.testAnalysis(page, 'Rappel urgent');
    await cat.runTest(page);
    await expect(cat.testResult(page).getByTestId('category-name').first().textContent()).resolves.toBe(CATEGORY);
    await expect(cat.testResult(page).getByTestId('category-why').first().textContent()).resolves.toContain('La règle « urgence »');
  });
});
