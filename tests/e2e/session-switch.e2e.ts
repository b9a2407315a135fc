/**
 * Signing out and in as someone else, again and again, in one browser (one IndexedDB): each time the
 * name on screen and the menus are the current user's, never the previous one's — after a reload too,
 * and when the other sign-in happened in another tab (the tab reloads with the other user's token).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { freshUsersScenario, type FreshUser } from './support/fresh-users';
import { loginPage } from './support/pages';

const { browser, fresh } = freshUsersScenario();
const users: FreshUser[] = [];

beforeAll(async () => {
  // Different menus too: the qualifier is offered the testing center, the cockpit user is not.
  users.push(await fresh({ firstname: 'Alix', lastname: 'Alternance', profiles: [{ projectId: 'demo-ic', profile: 'cockpit' }] }));
  users.push(await fresh({ firstname: 'Basile', lastname: 'Bascule', profiles: [{ projectId: 'demo-ic', profile: 'qualifier' }] }));
});

const userButton = (page: Page, user: FreshUser) => page.locator('.p-topbar__end').getByRole('button', { name: user.fullName });

async function signOut(page: Page) {
  await page.locator('.p-topbar__end').getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await page.waitForURL(/\/login/);
}

async function signIn(page: Page, user: FreshUser) {
  await loginPage.open(page);
  await loginPage.signIn(page, user.username, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The page shows `current` (name, and the project menu of their profile), nothing of `previous`. */
async function expectShown(page: Page, current: FreshUser, previous: FreshUser) {
  await userButton(page, current).waitFor();
  expect(await userButton(page, previous).count()).toBe(0);
  await page.goto('/project/demo-ic');
  await userButton(page, current).waitFor();
  await page.locator('.p-side-nav').getByRole('link', { name: 'Projet' }).first().waitFor();
  const testingCenter = await page.locator('.p-side-nav').getByRole('link', { name: 'Centre de test' }).count();
  expect(testingCenter).toBe(current === users[1] ? 1 : 0);
  expect(await userButton(page, previous).count()).toBe(0);
}

describe('signing in as another user', () => {
  it('shows only the current user, alternating eight times, with and without reload, here and in another tab', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, users[0]!);
    await expectShown(page, users[0]!, users[1]!);
    for (let turn = 1; turn <= 8; turn += 1) {
      const current = users[turn % 2]!;
      const previous = users[(turn + 1) % 2]!;
      if (turn % 4 === 1 || turn % 4 === 2) {
        // Here: sign out, sign in as the other one.
        await signOut(page);
        await signIn(page, current);
        await expectShown(page, current, previous);
      } else {
        // In another tab of the same browser; this tab is reloaded afterwards.
        const other = await context.newPage();
        await other.goto('/');
        await signOut(other);
        await signIn(other, current);
        await userButton(other, current).waitFor();
        await other.close();
        await page.reload();
        await expectShown(page, current, previous);
      }
      if (turn % 2 === 0) {
        await page.reload();
        await expectShown(page, current, previous);
      }
    }
    await context.close();
  }, 300_000);
});
