/**
 * The self-service area as the `light` demo user sees it (issue 22): the home after sign-in, with the
 * welcome, the month's quota, "new use case" from the library, and the new use case's card. The use
 * case is deleted at the end, so the shared demo keeps no use case.
 */
import { describe, it } from 'vitest';
import { selfServiceSession } from './support/self-service';

const self = selfServiceSession();

describe('self-service home', () => {
  it('creates a use case from the library and shows it with the month quota on the home', async () => {
    const before = await self.overview();

    const { context, page } = await self.signedIn();
    await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    const quota = page.getByTestId('self-quota');
    await quota.getByText(`${before.quota.used} analyses sur ${before.quota.monthlyQuota} utilisées ce mois-ci`).waitFor();
    await quota.getByText(/Le compteur repart de zéro le/).waitFor();

    const useCaseId = await self.createFromLibrary(page, 'Rendez-vous e2e');
    const card = page.locator(`[data-use-case="${useCaseId}"]`);
    await card.getByRole('link', { name: 'Rendez-vous e2e' }).waitFor();
    await card.getByText("Aucune analyse pour l'instant").waitFor();
    await context.close();
  });
});
