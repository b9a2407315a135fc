/**
 * bench/shell (`npm run bench:shell`): for the login page, an organisation's home and an environment's
 * analyses list, the compressed (gzip) size of the JavaScript loaded before first contentful paint and
 * until the network is idle (what a cold visit costs in all), and the time to first contentful paint
 * for a cold load and for a repeat load served by the service worker, in Debian's Chromium.
 * Targets: login JS ≤ 90 KB gzip before first paint and ≤ 120 KB until idle; the other first pages
 * ≤ 200 KB until idle; repeat load < 300 ms to FCP.
 *
 * Peer measured in the same run: a static page of the same server (one heading, no script), loaded
 * the same way (fresh context, cold then again), is Chromium's own floor on this machine; each page's
 * FCP is also printed as "×N of the floor", which says more than the ms on a loaded shared machine.
 * `BENCH_TIMELINE=1` prints the organisation page's repeat load in the page's clock: when each script
 * and API call ended, the long tasks, and the first paint (docs/development/benchmarks.md).
 */
import { gzipSync } from 'node:zlib';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { machineLine } from './machine.mjs';
import { startServerProcess } from '../scripts/server-process.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

/** An environment of the demo data with an analyses list (seeded by the server). */
const ANALYSES_PATH = '/project/demo-ic/environment/demo-ic-prod/analyses';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The floor page: written into the build the server serves, removed afterwards (never precached). */
const FLOOR_PATH = '/bench-floor.html';
const FLOOR_FILE = fileURLToPath(new URL(`../dist${FLOOR_PATH}`, import.meta.url));
const FLOOR_HTML = '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>floor</title></head><body><h1>Postroom</h1></body></html>';

/** Long tasks are only observed from the start of a load: collected by a script run before the page's. */
const collectLongTasks = () => {
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => window.__benchLongTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask', buffered: true });
  } catch {
    // longtask is not observable (the floor page's timeline is not printed anyway)
  }
};

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

/**
 * The network is idle once no request of the page has been open for `IDLE_MS` and no script arrived
 * meanwhile (work run after the first paint may start its imports a little later).
 */
const IDLE_MS = 1000;
async function networkIdle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const count = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  let seen = await count();
  for (let waited = 0; waited < 20_000; waited += IDLE_MS) {
    await page.waitForTimeout(IDLE_MS);
    const now = await count();
    if (now === seen) return;
    seen = now;
    await page.waitForLoadState('networkidle').catch(() => undefined);
  }
}

const isScript = (url) => /\.m?js(\?|$)/.test(new URL(url).pathname);

/**
 * Loads `path` and returns the FCP and the gzip size of every script the page had received by then
 * and by the time the network was idle.
 */
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
  await networkIdle(page);
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
  const all = [...new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)))].filter(isScript);
  const timeline = process.env.BENCH_TIMELINE ? await readTimeline(page, paint) : undefined;
  if (process.env.BENCH_VERBOSE)
    for (const url of all) console.log(`  ${((bodies.get(url) ?? 0) / 1024).toFixed(1).padStart(6)} KB  ${files.includes(url) ? 'before paint' : 'after paint '}  ${new URL(url).pathname}`);
  const sum = (urls) => urls.reduce((total, url) => total + (bodies.get(url) ?? 0), 0);
  return { fcp: paint, jsBytes: sum(files), files: files.length, idleBytes: sum(all), idleFiles: all.length, timeline };
}

/** What happened before the first paint, in the page's clock: script and API responses, long tasks. */
async function readTimeline(page, paint) {
  return page.evaluate((fcpAt) => {
    const navigation = performance.getEntriesByType('navigation')[0];
    const rows = [
      { at: navigation.responseEnd, what: `document (${navigation.workerStart > 0 ? 'service worker' : 'network'})` },
      { at: navigation.domContentLoadedEventEnd, what: 'DOMContentLoaded' },
    ];
    for (const entry of performance.getEntriesByType('resource')) {
      const path = new URL(entry.name).pathname;
      if (entry.startTime > fcpAt) continue;
      if (/\.m?js$/.test(path) || path.startsWith('/api/'))
        rows.push({ at: entry.responseEnd, what: `${path.startsWith('/api/') ? 'api ' : ''}${path} (started ${entry.startTime.toFixed(0)})` });
    }
    for (const task of window.__benchLongTasks ?? []) if (task.start < fcpAt) rows.push({ at: task.start + task.duration, what: `long task ${task.duration.toFixed(0)} ms (from ${task.start.toFixed(0)})` });
    rows.push({ at: fcpAt, what: 'FIRST CONTENTFUL PAINT' });
    return rows.sort((a, b) => a.at - b.at);
  }, paint);
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
  const floor = { cold: [], repeat: [] };
  for (let i = 0; i < REPEATS; i++) {
    // The peer, in turn with the page, so both see the same load of the machine.
    const floorOnce = await floorLoads(browser, baseURL);
    floor.cold.push(floorOnce.cold);
    floor.repeat.push(floorOnce.repeat);
    const context = await browser.newContext({ baseURL });
    if (process.env.BENCH_TIMELINE) await context.addInitScript(collectLongTasks);
    const page = await context.newPage();
    const path = await setup(page);
    await resetCaches(context, page);
    const first = await measureLoad(page, path);
    cold.push(first.fcp);
    sizes = first;
    await waitForController(page);
    const again = await measureLoad(page, path);
    repeat.push(again.fcp);
    if (again.timeline && i === REPEATS - 1) {
      console.log(`${name}, last repeat load before first paint (ms in the page's clock):`);
      for (const row of again.timeline) console.log(`  ${row.at.toFixed(0).padStart(6)}  ${row.what}`);
    }
    await context.close();
  }
  return {
    jsBytes: sizes.jsBytes,
    files: sizes.files,
    idleBytes: sizes.idleBytes,
    idleFiles: sizes.idleFiles,
    cold: median(cold),
    repeat: median(repeat),
    floor: { cold: median(floor.cold), repeat: median(floor.repeat) },
  };
}

/** The peer: the floor page in a fresh context, cold then again (no service worker: it has no script). */
async function floorLoads(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cold = (await measureLoad(page, FLOOR_PATH)).fcp;
  const repeat = (await measureLoad(page, FLOOR_PATH)).fcp;
  await context.close();
  return { cold, repeat };
}

const times = (value, floor) => `×${(value / floor).toFixed(1)}`;

function printPage(name, figures) {
  const { floor } = figures;
  console.log(
    `${name.padEnd(18)} JS before first paint: ${(figures.jsBytes / 1024).toFixed(1)} KB gzip in ${figures.files} files, ` +
      `until network idle: ${(figures.idleBytes / 1024).toFixed(1)} KB in ${figures.idleFiles} files | ` +
      `FCP cold ${figures.cold.toFixed(0)} ms (${times(figures.cold, floor.cold)} of the floor) | ` +
      `FCP repeat ${figures.repeat.toFixed(0)} ms (${times(figures.repeat, floor.repeat)} of the floor; floor beside it: cold ${floor.cold.toFixed(0)} / repeat ${floor.repeat.toFixed(0)} ms)`,
  );
}

writeFileSync(FLOOR_FILE, FLOOR_HTML);
const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const chromiumVersion = execFileSync(CHROMIUM, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  console.log(machineLine(chromiumVersion));
  const login = await benchPage(browser, server.url, 'login page', async (page) => {
    await page.goto('/login');
    return '/login';
  });
  const orga = await benchPage(browser, server.url, 'organisation page', (page) => signIn(page));
  const analyses = await benchPage(browser, server.url, 'analyses list', async (page) => {
    await signIn(page);
    return ANALYSES_PATH;
  });
  console.log(
    `median of ${REPEATS}; repeat = again in the same context (the pages: served by the service worker); ` +
      `floor = ${FLOOR_PATH} (one heading, no script) loaded the same way in turn with each page`,
  );
  printPage('login page', login);
  printPage('organisation page', orga);
  printPage('analyses list', analyses);
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const kb = (bytes, limit) => met(bytes <= limit * 1024);
  console.log(
    `targets: login JS ≤ 90 KB gzip before paint: ${kb(login.jsBytes, 90)}, ≤ 120 KB until idle: ${kb(login.idleBytes, 120)}; ` +
      `≤ 200 KB until idle: organisation ${kb(orga.idleBytes, 200)}, analyses ${kb(analyses.idleBytes, 200)}; ` +
      `repeat FCP < 300 ms: login ${met(login.repeat < 300)}, organisation ${met(orga.repeat < 300)}, analyses ${met(analyses.repeat < 300)}`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(FLOOR_FILE, { force: true });
}
