/**
 * The preamble most screen scenarios share: one Chromium for the file and one page signed in as a
 * demo user, closed after the file. Call it at the top of the file; its hooks run before the file's
 * own `beforeAll`, so `session.page` is ready there and in every test. `signedInPage` opens one more
 * signed-in context, for a scenario that wants its own.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, type PageOptions } from './browser';
import { loginPage } from './pages';

export interface Session {
  browser: Browser;
  page: Page;
}

/** A new browser context of `browser` signed in as the demo user `username` (past the login page). */
export async function signedInPage(
  browser: Browser,
  username: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options);
  await loginPage.open(opened.page);
  await loginPage.signIn(opened.page, username);
  await opened.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return opened;
}

export function signedInSession(username: string): Session {
  const session = {} as Session;
  beforeAll(async () => {
    session.browser = await launchBrowser();
    ({ page: session.page } = await signedInPage(session.browser, username));
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
