/**
 * The Chromium the browser benches drive, and how they sign in. The browser is CHROMIUM_PATH, else
 * Debian's headless shell when installed (Blink and V8 without the browser's user interface, as the
 * end-to-end tests use it), else Chromium.
 */
import { existsSync } from 'node:fs';
import { DEMO_PASSWORD } from '../server/db/seed-data.ts';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** No sandbox (containers), no GPU, nothing the browser would fetch on its own during a measure. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Signs the page in as a demo user through the login screen, and waits until it left it. */
export async function signInPage(page, username) {
  await page.goto('/login');
  await page.fill('#login-username', username);
  await page.press('#login-username', 'Enter');
  await page.fill('#login-password', DEMO_PASSWORD);
  await page.press('#login-password', 'Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
