/**
 * The preamble most screen scenarios share: one Chromium for the file and one page signed in as a
 * demo user, closed after the file. Call it at the top of the file; its hooks run before the file's
 * own `beforeAll`, so `session.page` is ready there and in every test.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { loginPage } from './pages';

export interface Session {
  browser: Browser;
  page: Page;
}

export function signedInSession(username: string): Session {
  const session = {} as Session;
  beforeAll(async () => {
    session.browser = await launchBrowser();
    ({ page: session.page } = await newPage(session.browser));
    await loginPage.open(session.page);
    await loginPage.signIn(session.page, username);
    await session.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
