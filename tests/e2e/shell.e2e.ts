/**
 * The console shell as a user meets it: every layout, preferences that survive a reload, the offline
 * shell, and error toasts. Real Chromium, production build, real server with its seeded demo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, waitForServiceWorker } from './support/browser';
import { DEMO_PASSWORD, layout, loginPage, profilePage, toasts } from './support/pages';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('console shell', () => {
  it('opens a route of each layout, with its title', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/orga');
    await page.waitForURL(/\/login\?redirect=%2Forga/);
    await layout.waitFor(page, 'login');
    await loginPage.signIn(page, 'admin');
    await page.waitForURL(/\/orga\/[^/]+$/);
    await layout.waitFor(page, 'organisation');
    expect(await page.title()).toBe('Organisation · Postroom');

    const visits: Array<[string, string, RegExp]> = [
      ['/profile', 'private', /\/profile$/],
      // Real ids: the guard opens a project's pages by the admin's rights on that project.
      ['/project/demo-ic', 'project', /\/project\/demo-ic$/],
      ['/project/demo-ic/testing-center', 'testingCenter', /\/testing-center\/messages-bank$/],
      ['/project/demo-ic/environment/demo-ic-prod/analyses', 'environment', /\/environment\/demo-ic-prod\/analyses$/],
      ['/v2/project/demo-ic/env-management?activePage=webhooks', 'project', /\/env-management\/webhooks$/],
      ['/project/demo-ic/versions', 'project', /\/versions$/],
      // Last: the self-service area is for light users; anyone else is told so in its layout.
      ['/self/e1/dashboard', 'selfService', /\/self\/e1\/dashboard$/],
    ];
    for (const [path, name, url] of visits) {
      await page.goto(path);
      await page.waitForURL(url);
      await layout.waitFor(page, name);
    }
    await page.getByText("L'espace libre-service est réservé aux comptes libre-service.").waitFor();

    // A signed-in user opening a login page goes back to the console.
    await page.goto('/login');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await context.close();
  });

  it('paints the login page without the other pages’ texts and the error table, then shows them on the next page', async () => {
    const { context, page } = await newPage(browser);
    const providersAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/oauth/providers');
    await loginPage.open(page);
    // The page asks for its social sign-in buttons without the app around it: no router and route
    // table (start-app), no contracts (zod's define) until the user moves on.
    await providersAsked;
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(scripts.filter((path) => /\/(start-app|define)-[\w-]+\.js$/.test(path))).toEqual([]);
    // The scripts that had arrived when the page first painted, as bench:shell counts them.
    const beforePaint = await page.evaluate(async () => {
      const paint = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true }),
      );
      return performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= paint)
        .map((entry) => new URL(entry.name).pathname);
    });
    expect(beforePaint.some((path) => /\/login-page-[\w-]+\.js$/.test(path))).toBe(true);
    expect(beforePaint.filter((path) => /\/(texts-fr|texts-en|server-error-text)-[\w-]+\.js$/.test(path))).toEqual([]);

    // The organisation page's own namespace (projects) is there when it renders: no raw keys.
    await loginPage.signIn(page, 'admin');
    await page.waitForURL(/\/orga\/[^/]+$/);
    await page.getByPlaceholder('Rechercher un projet').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('list.new');
    await context.close();
  });

  it('signs in on the light login page: a wrong password is said beside the field it marks', async () => {
    const { context, page } = await newPage(browser);
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text().catch(() => ''));
    });
    const providersAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/oauth/providers');
    await loginPage.open(page);
    await providersAsked;
    // Plain controls with Blueprint's classes: its Icon component and every icon's name stay away.
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes('add-column-left'))).toEqual([]);

    await page.getByLabel('Identifiant').fill('admin');
    await page.getByRole('button', { name: 'Continuer' }).click();
    const password = page.getByLabel('Mot de passe');
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Mot de passe incorrect.' });
    await alert.waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await password.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));

    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    await page.waitForURL(/\/orga\/[^/]+$/);
    await context.close();
  });

  it('sends the light user to self-service', async () => {
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await loginPage.signIn(page, 'light');
    await page.waitForURL(/\/self$/);
    await layout.waitFor(page, 'selfService');
    await page.goto('/orga');
    await page.waitForURL(/\/self$/);
    await context.close();
  });

  it('keeps language and dark mode after a reload', async () => {
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await loginPage.signIn(page, 'configurator');
    await page.waitForURL(/\/orga\//);
    await profilePage.open(page);
    await profilePage.language(page).selectOption('en');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await page.locator('label:has-text("Dark mode")').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('app-dark'));

    await page.reload();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.title()).toBe('Profile · Postroom');

    // A signed-in page writes to IndexedDB without Dexie (~30 KB), which only a first visit needs.
    await page.locator('label:has-text("Dark mode")').click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('app-dark'));
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(false);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(scripts.filter((path) => /\/db-[\w-]+\.js$/.test(path))).toEqual([]);
    await context.close();
  });

  it('reloads and navigates offline after one online visit', async () => {
    const { context, page } = await newPage(browser, { serviceWorker: true });
    await loginPage.open(page);
    await loginPage.signIn(page, 'admin');
    await page.waitForURL(/\/orga\//);
    await waitForServiceWorker(page);
    await profilePage.open(page);
    await page.waitForTimeout(800); // the query cache is written to IndexedDB in coalesced batches

    await context.setOffline(true);
    await page.reload();
    await profilePage.language(page).waitFor();
    await page.getByTestId('offline-indicator').waitFor();
    // The logo leads to the index page, which lists the organisations from the cache too.
    await page.getByRole('link', { name: 'Postroom' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await layout.waitFor(page, 'private');
    await context.close();
  });

  it('shows an error toast for about 10 seconds that opens the Error dialog', async () => {
    const { context, page } = await newPage(browser, { serviceWorker: true });
    // The page's timers follow a clock this test moves: ten seconds pass in no time, and a loaded
    // machine noticing the toast late cannot make it look shorter or longer than it is.
    await context.clock.install();
    await loginPage.open(page);
    await waitForServiceWorker(page); // one online visit: the shell is cached
    await context.setOffline(true);
    await loginPage.signIn(page, 'admin');
    const toast = toasts.error(page);
    await toast.waitFor();
    await page.mouse.move(5, 5); // hovering a toast pauses its timer
    // Shown at this time or before: still there 9 s later, leaving 11 s later (its exit animation
    // then runs on the clock resumed). The clock keeps running until it pauses: the pause is set a
    // little ahead, so the call reaching the page late on a loaded machine is not a time past.
    const shownBy = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(shownBy + 500);
    await page.clock.runFor(8500);
    expect(await page.locator('.p-toast--error:not(.bp6-toast-exit)').count()).toBe(1);
    await page.clock.runFor(2000);
    expect(await page.locator('.p-toast--error:not(.bp6-toast-exit)').count()).toBe(0);
    await page.clock.resume();
    await toast.waitFor({ state: 'detached' });

    await page.locator('#login-password').press('Enter');
    await toasts.openDialog(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Erreur', { exact: true }).waitFor();
    await dialog.getByText('Connexion impossible pour le moment').waitFor();
    await context.close();
  });
});
