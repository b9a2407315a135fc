/**
 * bench/shell (`npm run bench:shell`): for the login page and an organisation page, the compressed
 * (gzip) size of the JavaScript loaded before first contentful paint, and the time to first contentful
 * paint for a cold load and for a repeat load served by the service worker, in Debian's Chromium.
 * Targets: < 200 KB of compressed JS before the login page paints; repeat load < 300 ms to FCP.
 */
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { machineLine } from './machine.mjs';
import { startServerProcess } from '../scripts/server-process.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function fcp(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const read = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const now = read();
        if (now !== undefined) return resolve(now);
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** Loads `path` and returns the FCP and the gzip size of every script the page had received by then. */
async function measureLoad(page, path) {
  const bodies = new Map();
  const pending = [];
  const onResponse = (response) => {
    if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return;
    pending.push(
      response
        .body()
        .then((body) => bodies.set(response.url(), gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'load' });
  const paint = await fcp(page);
  await page.waitForTimeout(300);
  await Promise.all(pending);
  page.off('response', onResponse);
  // Resource Timing says, in the page's own clock, which scripts had arrived before the first paint.
  const before = await page.evaluate(
    (fcpAt) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname) && entry.responseEnd <= fcpAt)
        .map((entry) => entry.name),
    paint,
  );
  const files = [...new Set(before)];
  if (process.env.BENCH_VERBOSE) for (const url of files) console.log(`  ${((bodies.get(url) ?? 0) / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  return { fcp: paint, jsBytes: files.reduce((sum, url) => sum + (bodies.get(url) ?? 0), 0), files: files.length };
}

async function signIn(page) {
  await page.goto('/login');
  await page.fill('#login-username', 'admin');
  await page.press('#login-username', 'Enter');
  await page.fill('#login-password', 'Postroom-demo-1');
  await page.press('#login-password', 'Enter');
  await page.waitForURL(/\/orga\/[^/]+$/);
  return new URL(page.url()).pathname;
}

async function resetCaches(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
}

async function waitForController(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

async function benchPage(browser, baseURL, name, setup) {
  const cold = [];
  const repeat = [];
  let sizes;
  for (let i = 0; i < REPEATS; i++) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const path = await setup(page);
    await resetCaches(context, page);
    const first = await measureLoad(page, path);
    cold.push(first.fcp);
    sizes = first;
    await waitForController(page);
    const again = await measureLoad(page, path);
    repeat.push(again.fcp);
    await context.close();
  }
  console.log(
    `${name.padEnd(18)} JS before first paint: ${(sizes.jsBytes / 1024).toFixed(1)} KB gzip in ${sizes.files} files | ` +
      `FCP cold ${median(cold).toFixed(0)} ms | FCP repeat (service worker) ${median(repeat).toFixed(0)} ms  (median of ${REPEATS})`,
  );
  return { jsBytes: sizes.jsBytes, cold: median(cold), repeat: median(repeat) };
}

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const chromiumVersion = execFileSync(CHROMIUM, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  console.log(machineLine(chromiumVersion));
  const login = await benchPage(browser, server.url, 'login page', async (page) => {
    await page.goto('/login');
    return '/login';
  });
  const orga = await benchPage(browser, server.url, 'organisation page', (page) => signIn(page));
  console.log(
    `targets: login JS < 200 KB gzip: ${login.jsBytes < 200 * 1024 ? 'met' : 'NOT met'}; ` +
      `repeat FCP < 300 ms: login ${login.repeat < 300 ? 'met' : 'NOT met'}, organisation ${orga.repeat < 300 ? 'met' : 'NOT met'}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
