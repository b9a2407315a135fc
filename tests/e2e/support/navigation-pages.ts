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
  async open(page: Page) {
    await page.locator('.p-topbar__end').getByRole('button').last().click();
    await page.locator('.bp6-popover .bp6-menu').waitFor();
  },
  entries: (page: Page) => page.locator('.bp6-popover .bp6-menu').getByRole('menuitem'),
};

export const sideNav = (page: Page) => page.locator('.p-side-nav').getByRole('link');
