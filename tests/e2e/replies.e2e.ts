/**
 * The reply generator as a configurator would use it: from the configuration menu, write
 * a footer template and a reply for the category "Autre" that includes it, see the include and a
 * rendered draft in the editor, be refused an include cycle with the cycle named, then simulate a
 * mail and read the reply draft on the analysis result. Works on the demo NLU project's staging
 * environment, whose categorization and reply templates the demo seeds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
import { toasts } from './support/pages';
import { unsavedDialog } from './support/admin-pages';
import { analysesPages } from './support/analyses-pages';
import { repliesPages as replies } from './support/replies-pages';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-recette';
let page: Page;

const session = signedInSession('configurator');
beforeAll(() => {
  ({ page } = session);
});

describe('reply templates', () => {
  it('writes a template with an include and renders it in the Tests tab', async () => {
    await replies.openFromMenu(page, PROJECT, ENV);
    // The demo's French templates are listed.
    await expect.poll(() => replies.templateNames(page)).toContain('Sinistre');

    await replies.create(page, 'Pied de page');
    await replies.type(page, ['À bientôt,', "L'équipe Démo"]);
    await replies.save(page);
    await expect.poll(() => replies.saveButton(page).isDisabled()).toBe(true);

    await replies.backToList(page);
    await replies.create(page, 'Réponse générale');
    await replies.category(page).selectOption('Autre');
    await replies.type(page, ['Objet : {{ subject }}', "{% include 'Pied de page' %}"]);
    await replies.save(page);
    await expect.poll(() => replies.saveButton(page).isDisabled()).toBe(true);

    await replies.tab(page, 'Inclusions');
    await expect.poll(() => replies.includes(page)).toEqual(['Pied de page']);

    await replies.tab(page, 'Tests');
    await replies.render(page);
    await expect(replies.testDraft(page).textContent()).resolves.toBe("Objet : Déclaration de sinistre — dégât des eaux\nÀ bientôt,\nL'équipe Démo");

    await replies.tab(page, 'Erreurs');
    await replies.errors(page).getByText('Aucune erreur détectée').waitFor();
  });

  it('refuses an include cycle and names it', async () => {
    await replies.openFromMenu(page, PROJECT, ENV);
    await page.getByRole('link', { name: 'Pied de page' }).click();
    await replies.type(page, ['', "{% include 'Réponse générale' %}"]);
    await replies.save(page);
    await expect(toasts.error(page).first().textContent()).resolves.toContain("Un modèle ne peut pas s'inclure lui-même, directement ou par d'autres : Pied de page → Réponse générale → Pied de page");
    // Nothing was saved: leaving asks first, and the list still works without the change.
    await replies.backToList(page);
    await unsavedDialog.leave(page);
    await page.getByRole('heading', { name: 'Modèles de réponse' }).waitFor();
  });

  it('drafts the reply of a simulated mail, shown on the analysis result', async () => {
    await analysesPages.openList(page, PROJECT, ENV);
    await page.getByRole('button', { name: 'Simuler un mail' }).click();
    await page.locator('#simulate-sender').fill('client@assure.example');
    await page.locator('#simulate-recipient').fill('contact@assureur.example');
    await page.locator('#simulate-subject').fill('Question sur mon espace client');
    await page.locator('#simulate-body').fill('Bonjour, comment modifier mon mot de passe ?');
    await page.locator('#simulate-name').fill('Question espace client');
    await page.getByRole('button', { name: 'Simuler', exact: true }).click();
    const row = analysesPages.row(page, 'Question espace client');
    await row.locator('[data-status="processed"]').waitFor({ timeout: 60_000 });
    await row.getByRole('link').click();
    await analysesPages.tab(page, 'Modules');

    await expect(replies.draft(page).textContent()).resolves.toBe("Objet : Question sur mon espace client\nÀ bientôt,\nL'équipe Démo");
  });
});
