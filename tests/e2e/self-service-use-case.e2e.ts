/**
 * One use case as the `light` demo user works with it: create it, send a mail of the
 * fixtures with a PDF attached, read its result (category and extracted data up front), open the
 * dashboard, rename the use case in its settings, then delete it there. Every link of its pages stays
 * under /self. The use case is deleted at the end even if a step fails, so the demo keeps none.
 */
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { unsavedDialog } from './support/admin-pages';
import { toasts } from './support/pages';
import { chooseMail, confirmSend, fixture, queuedToast, selfServiceSession } from './support/self-service';
import { selfUseCasePages as pages } from './support/self-service-pages';

const MAIL = fixture('eml/mixed.eml');
const CLAIM_PDF = fixture('pdf/claim-letter-fr.pdf');

const self = selfServiceSession();

describe('a self-service use case', () => {
  it('sends a mail, reads its result and dashboard, renames and deletes the use case', async () => {
    const { context, page, consoleErrors } = await self.signedIn();

    // Create it from the library, then open it from its card: /self/{id} opens its analyses.
    const useCaseId = await self.createFromLibrary(page, 'Sinistres e2e');
    await page.locator(`[data-use-case="${useCaseId}"]`).getByRole('link', { name: 'Sinistres e2e' }).click();
    await page.waitForURL(new RegExp(`/self/${useCaseId}/analyses$`));
    await page.getByRole('heading', { name: 'Sinistres e2e', level: 1 }).waitFor();
    await page.getByText('Aucune analyse pour l\'instant').waitFor();
    await openPage(page, `/self/${useCaseId}`);
    await page.waitForURL(new RegExp(`/self/${useCaseId}/analyses$`));
    await page.getByText('Aucune analyse pour l\'instant').waitFor();

    // Send a mail with the claim letter attached, through the full console's upload dialog.
    await chooseMail(page, MAIL, [CLAIM_PDF]);
    expect(await page.getByLabel(/^Métadonnées/).count()).toBe(0);
    await confirmSend(page);
    await queuedToast(page).waitFor();
    const row = pages.rows(page).filter({ hasText: 'mixed.eml' });
    await row.getByRole('link').click();
    await page.waitForURL(new RegExp(`/self/${useCaseId}/analyses/result\\?id=`));

    // The result: categories and extracted data first, no trace and no module internals.
    const categories = pages.categories(page);
    await categories.waitFor({ timeout: 60_000 });
    expect((await categories.textContent())?.trim()).not.toBe('');
    const extracted = page.getByRole('region', { name: 'Informations relevées' });
    await extracted.getByTestId('extracted-field').first().waitFor();
    // The template's "time of day" field finds the "Good Morning" of the mail; its contract number is not there.
    // Under the labels the use case gives its fields (read from its settings), not their technical names.
    await extracted.getByText('Numéro de contrat', { exact: true }).waitFor();
    await expect(extracted.locator('[data-field="creneau"]').textContent()).resolves.toBe('CréneauMorning');
    await expect(extracted.locator('[data-field="numero_contrat"]').textContent()).resolves.toBe('Numéro de contratnon trouvé');
    await page.getByRole('region', { name: 'Fichiers envoyés' }).getByRole('button', { name: /claim-letter-fr\.pdf/ }).waitFor();
    expect(await page.getByText('Trace', { exact: true }).count()).toBe(0);
    await pages.expectLinksStayUnderSelf(page);

    // The dashboard: this week's volumes count the mail, and its category is listed.
    await pages.tab(page, 'Tableau de bord').click();
    await page.waitForURL(new RegExp(`/self/${useCaseId}/dashboard`));
    await page.getByTestId('total-received').locator('dd').filter({ hasText: '1' }).waitFor();
    await page.getByTestId('panel-volume').waitFor();
    await page.getByTestId('panel-categories').waitFor();
    expect(await page.getByTestId('panel-duration').count()).toBe(0);
    expect(await page.getByTestId('total-p95').count()).toBe(0);
    await pages.expectLinksStayUnderSelf(page);

    // Settings: rename; the frame and the home read the new name.
    await pages.tab(page, 'Paramètres').click();
    await page.waitForURL(new RegExp(`/self/${useCaseId}/settings$`));
    const name = page.getByLabel("Nom du cas d'usage");
    await name.fill('Sinistres renommés');
    // Leaving with the change unsaved asks first; staying keeps what was typed.
    await pages.tab(page, 'Analyses').click();
    await page.getByRole('heading', { name: 'Modifications non enregistrées' }).waitFor();
    await unsavedDialog.stay(page);
    expect(await name.inputValue()).toBe('Sinistres renommés');
    expect(page.url()).toMatch(/\/settings$/);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toasts.success(page).filter({ hasText: 'Paramètres enregistrés' }).waitFor();
    await page.getByRole('heading', { name: 'Sinistres renommés', level: 1 }).waitFor();
    await page.getByTestId('self-webmail').getByRole('heading', { name: /boîte mail/i }).waitFor();
    const renamed = await self.overview();
    expect(renamed.useCases.find((useCase) => useCase.id === useCaseId)?.name).toBe('Sinistres renommés');

    // Delete it, after a confirmation: back home without its card.
    await page.getByRole('button', { name: 'Supprimer le cas d\'usage' }).click();
    await pages.confirmDelete(page);
    await page.waitForURL(/\/self$/);
    await page.getByText('« Sinistres renommés » est supprimé').waitFor();
    expect(await page.locator(`[data-use-case="${useCaseId}"]`).count()).toBe(0);
    self.deleted(useCaseId);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
