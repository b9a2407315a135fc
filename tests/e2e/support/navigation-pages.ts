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

export const userMenu = {
  /**
   * Opens the menu; clicked again if it closed at once (the layout drawn anew by a redirect that
   * lands right after a sign-in closes an open popover, as a user would see and click again).
   */
  async open(page: Page) {
    const menu = page.locator('.bp6-popover .bp6-menu');
    for (let attempt = 1; ; attempt += 1) {
      await page.locator('.p-topbar__end').getByRole('button').last().click();
      try {
        await menu.waitFor({ timeout: attempt < 3 ? 5_000 : 30_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  },
  entries: (page: Page) => page.locator('.bp6-popover .bp6-menu').getByRole('menuitem'),
};

export const sideNav = (page: Page) => page.locator('.p-side-nav').getByRole('link');
