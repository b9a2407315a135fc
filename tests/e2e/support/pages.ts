/** Page models: a changed label is fixed here, not in every scenario. */
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Postroom-demo-1';

export const loginPage = {
  async open(page: Page) {
    await page.goto('/login');
    await page.locator('#login-username').waitFor();
  },
  async signIn(page: Page, username: string, password = DEMO_PASSWORD) {
    await page.locator('#login-username').fill(username);
    await page.locator('#login-username').press('Enter');
    await page.locator('#login-password').fill(password);
    await page.locator('#login-password').press('Enter');
  },
};

export const layout = {
  current: (page: Page) => page.locator('[data-layout]').first().getAttribute('data-layout'),
  async waitFor(page: Page, name: string) {
    await page.locator(`[data-layout="${name}"]`).first().waitFor();
  },
};

export const profilePage = {
  async open(page: Page) {
    await page.goto('/profile');
    await page.locator('#pref-language').waitFor();
  },
  language: (page: Page) => page.locator('#pref-language'),
  darkMode: (page: Page) => page.getByRole('checkbox', { name: /Mode sombre|Dark mode/ }),
};

export const toasts = {
  error: (page: Page) => page.locator('.p-toast--error'),
  openDialog: (page: Page) => page.locator('.p-toast--error .p-toast__open').first().click(),
};
