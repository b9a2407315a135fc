/** Page models: a changed label is fixed here, not in every scenario. */
import type { Page } from 'playwright-core';
import { openPage } from './browser';

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
    await openPage(page, '/profile');
    await page.locator('#pref-language').waitFor();
  },
  language: (page: Page) => page.locator('#pref-language'),
  darkMode: (page: Page) => page.getByRole('checkbox', { name: /Mode sombre|Dark mode/ }),
};

export const toasts = {
  error: (page: Page) => page.locator('.p-toast--error'),
  success: (page: Page) => page.locator('.p-toast--success'),
  openDialog: (page: Page) => page.locator('.p-toast--error .p-toast__open').first().click(),
};

export const filesViewerPage = {
  async open(page: Page) {
    await page.goto('/files-viewer');
    await page.getByTestId('privacy-banner').waitFor();
  },
  openFiles: (page: Page, files: string | string[]) => page.getByTestId('file-input').setInputFiles(files),
  openFolder: (page: Page, folder: string) => page.getByTestId('folder-input').setInputFiles(folder),
  /** The file rows of the files tree (folder rows have no status). */
  entries: (page: Page) => page.getByTestId('file-list').locator('[role="treeitem"][data-status]'),
  treeItem: (page: Page, name: string) => page.getByTestId('file-list').getByRole('treeitem', { name, exact: true }),
  subject: (page: Page) => page.getByTestId('mail-subject'),
  tab: (page: Page, name: RegExp) => page.getByRole('tab', { name }),
  attachmentRows: (page: Page) => page.getByTestId('attachments').locator('tbody tr'),
  openAttachment: (page: Page, index: number) => page.getByTestId('attachments').locator('tbody tr').nth(index).getByRole('button', { name: /Ouvrir|Open/ }).click(),
  mailFrame: (page: Page) => page.frameLocator('[data-testid="mail-frame"]'),
};
