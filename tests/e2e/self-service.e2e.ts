/**
 * The self-service area as the `light` demo user sees it: the home after sign-in, with the
 * welcome, the month's quota, "new use case" from the library, and the new use case's card; the
 * full console's pages, typed in the address bar, lead back to the home, and the top bar offers no
 * rapid navigation (Ctrl+K) over the full console. The use case is deleted at the end, so the shared
 * demo keeps no use case.
 */
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { omnibar, userMenu } from './support/navigation-pages';
import { layout } from './support/pages';
import { selfServiceSession } from './support/self-service';
import { docsPicture } from './support/docs-pictures';

const self = selfServiceSession();

describe('self-service home', () => {
  it('creates a use case from the library and shows it with the month quota on the home', async () => {
    const before = await self.overview();

    const { context, page } = await self.signedIn();
    await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    const quota = page.getByTestId('self-quota');
    const { used, monthlyQuota } = before.quota;
    // French counts 0 and 1 as singular.
    await quota.getByText(used <= 1 ? `${used} analyse sur ${monthlyQuota} utilisée ce mois-ci` : `${used} analyses sur ${monthlyQuota} utilisées ce mois-ci`).waitFor();
    await quota.getByText(/Le compteur repart de zéro le/).waitFor();

    const useCaseId = await self.createFromLibrary(page, 'Rendez-vous e2e');
    const card = page.locator(`[data-use-case="${useCaseId}"]`);
    await card.getByRole('link', { name: 'Rendez-vous e2e' }).waitFor();
    await card.getByText("Aucune analyse pour l'instant").waitFor();
    await docsPicture(page, 'self-service-home');
    await context.close();
  });

  it('sends a light user typing a full-console address back home, and offers no rapid navigation', async () => {
    const { context, page, consoleErrors } = await self.signedIn();
    for (const address of ['/consumption', '/toolbox/kits', '/use-cases-library', '/orga/demo/members', '/files-viewer']) {
      await openPage(page, address);
      await page.waitForURL(/\/self$/);
      await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
      expect(await layout.current(page), address).toBe('selfService');
    }
    // No search button in the top bar, and Ctrl+K opens nothing.
    expect(await page.locator('.p-topbar').getByRole('button', { name: 'Rechercher' }).count()).toBe(0);
    await page.keyboard.press('Control+k');
    await page.waitForTimeout(300);
    expect(await omnibar.box(page).count()).toBe(0);
    // The user menu offers their account pages only, and the profile opens.
    const entries = await userMenu.labels(page);
    expect(entries).toEqual(expect.arrayContaining(['Profil', 'Se déconnecter']));
    for (const fullConsole of ['Kits', "Bibliothèque de cas d'usage", 'Visionneuse de fichiers', 'Consommation']) expect(entries).not.toContain(fullConsole);
    await userMenu.choose(page, 'Profil');
    await page.waitForURL(/\/profile$/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
