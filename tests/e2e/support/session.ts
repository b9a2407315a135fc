/**
 * The preamble most screen scenarios share: one Chromium for the file and one page signed in as a
 * demo user, closed after the file. Call it at the top of the file; its hooks run before the file's
 * own `beforeAll`, so `session.page` is ready there and in every test. `signedInPage` opens one more
 * signed-in context, for a scenario that wants its own; `signInByApi` signs an open page in.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultRedirect } from '../../../src/app/paths';
import { currentUser, loginCheck, sessionTokensSchema } from '../../../src/contract/auth';
import { storageKeys } from '../../../src/storage/keys';
import { journalEntry } from '../../../src/storage/store';
import { launchBrowser, newPage, type PageOptions } from './browser';
import { DEMO_PASSWORD } from './pages';

export interface SignInOptions {
  password?: string;
  /** The page loaded once signed in; by default where the login page sends this user. */
  path?: string;
}

/** Where the login page sends this user once signed in. */
async function landingOf(page: Page, token: string): Promise<string> {
  const answer = await page.request.get(currentUser.path, { headers: { Authorization: `Bearer ${token}` } });
  const { isLight } = (await answer.json()) as { isLight: boolean };
  return defaultRedirect({ hasToken: true, isLight });
}

/**
 * Signs `page`'s browser context in as `username` without the login page: the tokens of an API
 * sign-in are put where the console's store replays a write it had not committed when its page was
 * left (src/storage/store.ts), so the console loads with them as it does after its own sign-in. A
 * cold load of the login page costs as much as the page it leads to, and the suite signs in a few
 * hundred times; the login page itself is tested where it is the subject (account, shell,
 * session-switch, the invitation and temporary-password scenarios).
 */
export async function signInByApi(page: Page, username: string, options: SignInOptions = {}): Promise<void> {
  // The context's own request client: the context's server (the shared one, or a scenario's own).
  const answer = await page.request.post(loginCheck.path, { data: { username, password: options.password ?? DEMO_PASSWORD } });
  if (!answer.ok()) throw new Error(`Signing ${username} in: ${answer.status()} ${await answer.text()}`);
  const tokens = sessionTokensSchema.parse(await answer.json());
  // A document of the console's origin, the smallest it serves, to write that origin's storage.
  await page.goto('/favicon.svg');
  await page.evaluate(
    (entries) => {
      for (const [name, text] of entries) localStorage.setItem(name, text);
    },
    [journalEntry(storageKeys.token, tokens.token), journalEntry(storageKeys.refreshToken, tokens.refresh_token)],
  );
  await page.goto(options.path ?? (await landingOf(page, tokens.token)));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

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
  await signInByApi(opened.page, username);
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
