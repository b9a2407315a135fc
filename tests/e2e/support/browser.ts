/** Debian's headless Chromium driven by playwright-core, with the flags this machine's closed network needs. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type LaunchOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { paths } from '../../../src/app/paths';
import { version as playwrightVersion } from 'playwright-core/package.json';

/**
 * Debian's headless shell (package chromium-headless-shell): Chromium's Blink and V8 without the
 * browser's user interface, which headless Chromium still runs for every window (its views, the
 * address bar, their compositing). A signed-in page's cold load costs less than half the CPU there
 * (eight loads: 13 to 16 CPU seconds of browser processes against 34 to 36 with /usr/bin/chromium on
 * a 2-core machine), and the scenarios are mostly cold loads. Playwright runs its own headless tests
 * on this build for the same reason. Without it, Chromium; CHROMIUM_PATH names another browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Chromium features switched off. Headless Chromium is the whole browser: each window it opens for a
 * page also starts, in a renderer of its own, the address bar's suggestion popup (a WebUI page),
 * which cost as much CPU as the console's own first load (~1.5 s per signed-in page on this
 * machine). Chromium keeps only the last `--disable-features` it is given, so Playwright's own list
 * (playwright-core's chromiumSwitches) is repeated here: the version check below says when to copy
 * it again.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
const PLAYWRIGHT_VERSION_OF_THE_LIST = '1.65.';
const OMNIBOX_POPUP_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/** How Chromium is started, checked against the playwright-core version the flags were copied from. */
export function chromiumLaunchOptions(): LaunchOptions {
  if (!playwrightVersion.startsWith(PLAYWRIGHT_VERSION_OF_THE_LIST)) {
    throw new Error(
      `playwright-core ${playwrightVersion}: copy its disabled Chromium features (chromiumSwitches) into ` +
        `tests/e2e/support/browser.ts, then set PLAYWRIGHT_VERSION_OF_THE_LIST to this version.`,
    );
  }
  // Started through a script that keeps it below the server's threads (see the script for why).
  return {
    executablePath: fileURLToPath(new URL('./chromium-below-server.sh', import.meta.url)),
    env: { ...process.env, POSTROOM_E2E_CHROMIUM: CHROMIUM_PATH },
    headless: true,
    args: chromiumArgs,
  };
}

/**
 * The run's Chromium, started once by tests/e2e/global-setup.ts: starting one per file cost two CPU
 * seconds and a few more of wall time, forty times a run. A file connects to it and gets a browser of
 * its own to the contexts it opens: closing it closes them, not Chromium. Outside the stage (no
 * endpoint given), a Chromium of its own is started.
 */
export async function launchBrowser(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    endpoint = inject('browserEndpoint');
  } catch {
    endpoint = undefined;
  }
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions());
}

let downloadFolder: string | undefined;

/**
 * Where a download was saved, to read it or hand it to a file input. (A browser reached through the
 * run's shared Chromium keeps no path of its own for a download: `download.path()` refuses.)
 */
export async function savedDownload(download: Download): Promise<string> {
  downloadFolder ??= mkdtempSync(join(tmpdir(), 'postroom-e2e-downloads-'));
  const path = join(mkdtempSync(join(downloadFolder, 'download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export interface PageOptions {
  /**
   * The console's service worker precaches the whole build (500-odd files) in every new browser
   * context: two seconds of a busy machine's CPU that only the scenarios about working offline need.
   * They ask for it; every other page runs without it.
   */
  serviceWorker?: boolean;
  /** Another server than the run's shared one (a scenario's own). */
  baseURL?: string;
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'fr-FR',
    acceptDownloads: options.acceptDownloads,
    // Copy buttons (one-time secrets) write to the clipboard; the tests read it back.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // Without its service worker, the console behaves as in a browser whose registration never
  // completes: nothing precached, nothing said. (Playwright's own `serviceWorkers: 'block'` answers
  // the registration with nothing, which the console reports as a failure in its console.)
  if (!options.serviceWorker) {
    await context.addInitScript(() => {
      if (self.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = () => new Promise<ServiceWorkerRegistration>(() => {});
    });
  }
  // Every Content-Security-Policy violation is kept on the page, for `cspViolations()`.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return { context, page };
}

/**
 * Screens that send the user on by themselves (the landing after a sign-in: / to /orga, /orga to the
 * organisation): a navigation started there may be overtaken by their redirect, even after it
 * committed, so from there the path is loaded.
 */
const REDIRECTING = new Set([paths.index(), paths.organisations()]);

/**
 * Opens `path` in the console: in-app when the console is already loaded in `page`, as a user's click
 * on a link would (a reload costs the application's whole start, a second or more of a busy 2-core
 * machine, and the suite opens screens a few hundred times), otherwise by loading it.
 *
 * In-app is the history entry a link would push, announced to the router the way the browser's back
 * button is (React Router has no other door from outside the page). It resolves once the router has
 * committed a navigation and none is under way (`data-navigations` counts them,
 * `data-navigation-state` says whether one is loading, src/app/root-shell.tsx), so the previous
 * screen is gone and the caller waits for the new one. The path is loaded instead when it is the
 * current one (the router would keep the screen as it is), when the page is not the console
 * (about:blank, a third party's page), when the screen shown is one that redirects by itself, or when
 * another navigation committed in its place.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  const shown = await page
    .evaluate(() => ({
      navigations: document.documentElement.dataset.navigations,
      path: location.pathname + location.search,
      origin: location.origin,
    }))
    .catch(() => undefined);
  // Relative to the page shown: a scenario's own server is another origin than the run's shared one.
  const target = new URL(path, /^https?:/.test(page.url()) ? page.url() : baseUrl());
  const inApp =
    shown?.navigations !== undefined &&
    shown.origin === target.origin &&
    shown.path !== target.pathname + target.search &&
    !REDIRECTING.has(shown.path);
  if (!inApp) {
    await page.goto(path);
    return;
  }
  const to = target.pathname + target.search;
  await page.evaluate((entry) => {
    // Shaped like the router's own entries ({usr, key, idx}), so the router and its blockers (the
    // unsaved-changes guard) take it for an ordinary history move, as a link's.
    const index = (history.state as { idx?: number } | null)?.idx ?? 0;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', entry);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, to + target.hash);
  // Committed, and no navigation under way: a redirect of the screen left behind (the landing page
  // after a sign-in sends /orga on to the organisation) may start while ours loads its code, and
  // commit after it.
  const committed = await page.waitForFunction((before) => {
    const { navigations, navigationState } = document.documentElement.dataset;
    return navigations !== before && navigationState === 'idle' && location.pathname + location.search;
  }, shown.navigations);
  // Such a navigation of the console's own replaced ours: then the path is loaded, as a user typing
  // it would.
  if ((await committed.jsonValue()) !== to) await page.goto(path);
}

/** Resolves once a service worker controls the page (the precache is then filled). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

/** The Content-Security-Policy violations the current document has met so far. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}
