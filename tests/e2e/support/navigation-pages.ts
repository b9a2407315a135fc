/** Page models of the ways around: index page, rapid navigation, user menu. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

export const indexPage = {
  async open(page: Page) {
    await openPage(page, '/');
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  },
  organisations: (page: Page) => page.getByRole('list', { name: 'Organisations' }).getByRole('listitem'),
  recentPages: (page: Page) => page.getByRole('list', { name: 'Pages récentes' }).getByRole('listitem'),
};

export const omnibar = {
  input: (page: Page) => page.getByRole('combobox', { name: /Aller à une organisation/ }),
  items: (page: Page) => page.locator('.bp6-omnibar .bp6-menu-item'),
  active: (page: Page) => page.locator('.bp6-omnibar .bp6-menu-item.bp6-active'),
  box: (page: Page) => page.locator('.bp6-omnibar'),
  async open(page: Page) {
    await page.keyboard.press('Control+k');
    await omnibar.input(page).waitFor();
  },
};

const openMenu = (page: Page) => page.locator('.bp6-popover .bp6-menu');

/**
 * The user menu. Right after a sign-in, the layout drawn anew by the redirect that lands closes an
 * open popover (as a user would see, and click again): opening and choosing click again when that
 * happened, so every scenario opens it the same way.
 */
export const userMenu = {
  async open(page: Page) {
    for (let attempt = 1; ; attempt += 1) {
      await page.locator('.p-topbar__end').getByRole('button').last().click();
      try {
        await openMenu(page).waitFor({ timeout: attempt < 3 ? 5_000 : 30_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  },
  entries: (page: Page) => openMenu(page).getByRole('menuitem'),
  /** The entries' first lines (their labels), the menu closed again. */
  async labels(page: Page): Promise<string[]> {
    await userMenu.open(page);
    const labels = await userMenu.entries(page).allInnerTexts();
    await page.keyboard.press('Escape');
    return labels.map((label) => label.split('\n')[0]!.trim());
  },
  /** Opens the menu and chooses the entry, from the start again if the menu closed in between. */
  async choose(page: Page, name: string | RegExp) {
    for (let attempt = 1; ; attempt += 1) {
      await userMenu.open(page);
      try {
        await openMenu(page).getByRole('menuitem', { name }).first().click({ timeout: attempt < 3 ? 5_000 : 30_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  },
};

export const sideNav = (page: Page) => page.locator('.p-side-nav').getByRole('link');
