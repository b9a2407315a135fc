/**
 * For scenarios that need data the shared demo server must not get (analyses of the month, failed
 * runs to reprocess): an in-process server of their own serving the built console, and one Chromium.
 * Call it at the top of the file: its hooks run before the file's own `beforeAll`, so `own.server`
 * can be seeded there.
 */
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestServer, type TestServer } from '../../../server/test-support/test-server';
import { launchBrowser, newPage } from './browser';
import { signInByApi } from './session';

type ServerOptions = NonNullable<Parameters<typeof createTestServer>[0]>;

export interface OwnServer {
  server: TestServer;
  url: string;
  browser: Browser;
  /** A new browser context signed in as the demo user, once their organisation page is shown. */
  signedIn(username: string, width?: number): Promise<Page>;
}

export function ownServer(options: Omit<ServerOptions, 'staticDir'> = {}): OwnServer {
  const own = {} as OwnServer;
  beforeAll(async () => {
    own.server = await createTestServer({ ...options, staticDir: path.resolve(import.meta.dirname, '../../../dist') });
    own.url = await own.server.app.listen({ port: 0, host: '127.0.0.1' });
    own.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await own.browser?.close();
    await own.server?.close();
  });
  own.signedIn = async (username, width = 1280) => {
    const { page } = await newPage(own.browser, { baseURL: own.url, viewport: { width, height: 900 } });
    await signInByApi(page, username);
    // Opening the user menu during the redirect to the organisation page loses it: wait for the page.
    await page.waitForURL(/\/orga\/[^/]+$/);
    await page.getByRole('button', { name: /Samuel|Alice/ }).waitFor();
    return page;
  };
  return own;
}
