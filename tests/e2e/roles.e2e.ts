/**
 * Pages a role may not use (spec §6 route restrictions): with users of the scenario's own, made
 * through the API, each forbidden address shows the one "no access" page, without loading the page,
 * so the server refuses nothing (no 403 answer, no "403 Forbidden" toast), and the menus do not offer
 * it. Support, provider staff, cannot be made through a customer's API: the demo support is used.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, openPage } from './support/browser';
import { freshUsersScenario } from './support/fresh-users';
import { sideNav } from './support/navigation-pages';
import { toasts } from './support/pages';
import { signInByApi } from './support/session';

const { browser, fresh } = freshUsersScenario();

/** A signed-in page that records every refused answer. */
async function signedIn(username: string, password?: string) {
  const opened = await newPage(browser());
  const refused: string[] = [];
  opened.page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  await signInByApi(opened.page, username, { password });
  return { ...opened, refused };
}

const noAccess = (page: Page) => page.getByTestId('no-access');

async function expectNoAccess(page: Page, path: string) {
  await openPage(page, path);
  await noAccess(page).getByText('Accès non autorisé').waitFor();
  // A way back to a page the user may open.
  await noAccess(page).getByRole('link', { name: "Retour à l'accueil" }).waitFor();
}

const ENV = '/project/demo-ic/environment/demo-ic-prod';

describe('pages a role may not use', () => {
  it('shows a cockpit viewer the no-access page for the mail, the testing center and the configuration, and the dashboard', async () => {
    const viewer = await fresh({ firstname: 'Vera', lastname: 'Cockpit', profiles: [{ projectId: 'demo-ic', profile: 'cockpit' }] });
    const { context, page, refused } = await signedIn(viewer.username, viewer.password);
    for (const path of [
      '/project/demo-ic/testing-center/messages-bank',
      '/project/demo-ic/testing-center/messages-bank/domain-rules-v2',
      `${ENV}/configuration/nlu/archetypes`,
      '/project/demo-ic/env-management/settings',
      `${ENV}/analyses`,
      // Organisation-wide pages that are not the dashboard: members, consumption, toolbox, use cases.
      '/orga/demo/settings',
      '/orga/demo/consumption',
      '/toolbox/kits',
      '/use-cases-library',
    ]) {
      await expectNoAccess(page, path);
    }
    // The dashboard is theirs; their menus offer neither the analyses nor the testing center.
    await openPage(page, `${ENV}/dashboard`);
    await page.locator('[data-layout="environment"]').first().waitFor();
    const entries = await sideNav(page).allInnerTexts();
    expect(entries).toContain('Tableau de bord');
    expect(entries).not.toContain('Analyses');
    expect(entries).not.toContain('Archétypes');
    expect(await noAccess(page).count()).toBe(0);
    await openPage(page, '/project/demo-ic');
    await sideNav(page).filter({ hasText: 'Projet' }).first().waitFor();
    expect(await sideNav(page).allInnerTexts()).not.toContain('Centre de test');
    await openPage(page, '/orga/demo');
    await sideNav(page).filter({ hasText: 'Organisation' }).first().waitFor();
    expect(await sideNav(page).allInnerTexts()).toEqual(['Organisation']);
    expect(refused).toEqual([]);
    expect(await toasts.error(page).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('keeps an external guest off the organisation settings, and an organisation admin off the SRE pages', async () => {
    const guest = await fresh({ firstname: 'Gaspard', lastname: 'Invité', guest: true, profiles: [{ projectId: 'demo-ic', profile: 'qualifier' }] });
    const asGuest = await signedIn(guest.username, guest.password);
    await expectNoAccess(asGuest.page, '/orga/demo/settings');
    await expectNoAccess(asGuest.page, '/orga/demo/consumption');
    expect(await sideNav(asGuest.page).allInnerTexts()).toEqual([]);
    expect(asGuest.refused).toEqual([]);
    expect(await toasts.error(asGuest.page).count()).toBe(0);
    await asGuest.context.close();

    const orgaAdmin = await fresh({ firstname: 'Adèle', lastname: 'Admin', admin: true });
    const asAdmin = await signedIn(orgaAdmin.username, orgaAdmin.password);
    for (const path of ['/admin/sre-inboxcare', '/admin/sre-analyses', '/admin/sre-analyses-counter', '/admin/organisations']) await expectNoAccess(asAdmin.page, path);
    // Their own settings open.
    await openPage(asAdmin.page, '/orga/demo/settings');
    await asAdmin.page.getByRole('heading', { name: 'Membres' }).waitFor();
    expect(asAdmin.refused).toEqual([]);
    expect(await toasts.error(asAdmin.page).count()).toBe(0);
    await asAdmin.context.close();
  }, 120_000);

  it('keeps support off a project until it acts as a user', async () => {
    const support = await signedIn('support');
    await expectNoAccess(support.page, '/project/demo-ic');
    await expectNoAccess(support.page, `${ENV}/dashboard`);
    expect(support.refused).toEqual([]);
    expect(await toasts.error(support.page).count()).toBe(0);
    await support.context.close();
  }, 60_000);
});
