/**
 * The information extraction screens as a new configurator would use them: from the
 * configuration menu, read the demo module's fields, add a field (an IBAN found in the text), write a
 * test with its expected value and see it pass — and fail, expected beside obtained, when the
 * expectation is wrong — save, then simulate a mail and read the extracted value on the analysis
 * result page. Works on the demo NLU project's staging environment, whose extraction the demo seeds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
import { analysesPages } from './support/analyses-pages';
import { extractionPages as ext } from './support/extraction-pages';
import { docsPicture } from './support/docs-pictures';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-recette';
const IBAN = 'FR7630006000011234567890189';
let page: Page;

const session = signedInSession('configurator');
beforeAll(() => {
  ({ page } = session);
});

describe('information extraction screens', () => {
  it('adds a field and sees it pass its test, then fail with expected beside obtained', async () => {
    await ext.openFromMenu(page, PROJECT, ENV);
    await expect.poll(() => ext.fieldNames(page)).toEqual(['numeroContrat', 'dateSinistre', 'montant']);

    await ext.addField(page);
    await ext.fieldControl(page, 'Nom technique').fill('iban');
    await ext.fieldControl(page, 'Libellé').fill('IBAN');
    // A pattern RE2 refuses (a back-reference) is pointed out on its control, and nothing can be saved.
    await ext.fieldControl(page, 'Source').selectOption({ label: 'Expression régulière' });
    await ext.fieldControl(page, 'Expression régulière').fill('(FR)\\1');
    await expect.poll(() => ext.fieldEditor(page).textContent()).toContain('Champ iban : expression régulière refusée');
    await expect(ext.saveButton(page).isDisabled()).resolves.toBe(true);
    await ext.fieldControl(page, 'Source').selectOption({ label: 'Archétype prédéfini' });
    await ext.fieldControl(page, 'Archétype prédéfini').selectOption('iban');
    await ext.closeField(page);
    await expect.poll(() => ext.fieldNames(page)).toEqual(['numeroContrat', 'dateSinistre', 'montant', 'iban']);

    // The Tests tab runs the unsaved field: the demo's test and a new one.
    await ext.tab(page, 'Tests');
    await ext.addTest(page);
    await ext.testText(page, 1).fill('Bonjour, contrat CD-12345 : merci de rembourser les 1 250,50 € sur mon compte IBAN FR76 3000 6000 0112 3456 7890 189.');
    await ext.expected(page, 1, 'IBAN').fill(IBAN);
    await ext.expected(page, 1, 'Montant').fill('1250.5');
    await ext.runAll(page);
    await expect.poll(() => ext.summary(page).textContent()).toBe('2 tests réussis sur 2');
    await docsPicture(page, 'extraction-tests');
    await expect(ext.check(page, 1, 'iban').getAttribute('data-pass')).resolves.toBe('true');
    await expect(ext.check(page, 1, 'iban').textContent()).resolves.toContain(IBAN);

    // A wrong expectation fails, field by field.
    await ext.expected(page, 1, 'IBAN').fill('FR7600000000000000000000000');
    await ext.runAll(page);
    await expect.poll(() => ext.verdict(page, 1).textContent()).toBe('Échoué');
    await expect(ext.check(page, 1, 'iban').getAttribute('data-pass')).resolves.toBe('false');
    const row = await ext.check(page, 1, 'iban').textContent();
    expect(row).toContain('FR7600000000000000000000000');
    expect(row).toContain(IBAN);
    await expect(ext.check(page, 1, 'montant').getAttribute('data-pass')).resolves.toBe('true');

    await ext.expected(page, 1, 'IBAN').fill(IBAN);
    // Leaving with the new field unsaved asks first; staying keeps everything typed.
    await ext.backToConfiguration(page);
    await ext.unsavedDialog(page).waitFor();
    await ext.stayOnPage(page);
    await expect(ext.expected(page, 1, 'IBAN').inputValue()).resolves.toBe(IBAN);
    await ext.save(page);
    await expect.poll(() => ext.saveButton(page).isDisabled()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Informations' }).waitFor();
    await expect.poll(() => ext.fieldNames(page)).toEqual(['numeroContrat', 'dateSinistre', 'montant', 'iban']);
  });

  it('documents the filters a snippet can use, with examples', async () => {
    await ext.openFromMenu(page, PROJECT, ENV);
    await ext.tab(page, 'Documentation');
    const filters = await page.getByTestId('extraction-doc-filter').allTextContents();
    expect(filters.some((text) => text.includes('parse_amount') && text.includes('1250.5'))).toBe(true);
  });

  it('shows the extracted values on the analysis result page', async () => {
    await analysesPages.openList(page, PROJECT, ENV);
    await page.getByRole('button', { name: 'Simuler un mail' }).click();
    await page.locator('#simulate-sender').fill('client@assure.example');
    await page.locator('#simulate-recipient').fill('sinistres@assureur.example');
    await page.locator('#simulate-subject').fill('Remboursement sinistre');
    await page.locator('#simulate-body').fill('Bonjour, suite au dégât des eaux du 3 mars 2026 sur le contrat CD-12345, merci de rembourser 800 € sur FR76 3000 6000 0112 3456 7890 189.');
    await page.locator('#simulate-name').fill('Remboursement IBAN');
    await page.getByRole('button', { name: 'Simuler', exact: true }).click();
    const row = analysesPages.row(page, 'Remboursement IBAN');
    await row.locator('[data-status="processed"]').waitFor({ timeout: 60_000 });
    await row.getByRole('link').click();
    await analysesPages.tab(page, 'Modules');

    const result = page.getByTestId('extraction-result');
    await result.waitFor();
    const value = (field: string) => result.locator(`[data-testid="extracted-field"][data-field="${field}"] td`).nth(1).textContent();
    await expect(value('numeroContrat')).resolves.toBe('CD-12345');
    await expect(value('montant')).resolves.toBe('800');
    await expect(value('iban')).resolves.toBe(IBAN);
    await docsPicture(page, 'extraction-result');
  });
});
