/**
 * bench:testing-center, results-page half: the results page of a finished run with BENCH_PAGE_MESSAGES
 * messages (default 1,000) over 50 categories, in Chromium against the built console and the real
 * server. The run is written before the server starts (its database prepared in the data folder):
 * expected categories spread over the 50, obtained right four times in five, outcomes and metrics
 * from the real engine. Prints the time from navigation to the metrics, matrix and messages shown
 * and the longest main-thread task (target: none over 50 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { testingRunMessages, testingRuns } from '../../server/db/schema-testing-runs.ts';
import { EMPTY_DOMAIN_RULES } from '../../src/contract/testing-evaluation.ts';
import { metricsByKind } from '../../src/testing-center/metrics.ts';
import { evaluateMessage } from '../../src/testing-center/outcomes.ts';
import { startServerProcess } from '../../scripts/server-process.ts';
import { printLongTasks, TRACE_CATEGORIES } from './trace-tasks.mjs';

const MESSAGES = Number(process.env.BENCH_PAGE_MESSAGES ?? 1000);
const CATEGORIES = 50;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function measureResultsPage() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postroom-bench-tc-'));
  const handle = await openDatabase(path.join(dataDir, 'pglite'));
  await migrateDatabase(handle);
  await seedDemo(handle.db);
  const category = (i) => `Catégorie ${String((i % CATEGORIES) + 1).padStart(2, '0')}`;
  const entry = (value) => ({ key: 'category', document: null, format: 'string', value });
  const rows = Array.from({ length: MESSAGES }, (_, i) => {
    const expected = { categories: { qualified: i % 97 !== 0, values: [entry(category(i))] } };
    const obtained = { categories: i % 5 === 0 ? [entry(category(i * 7 + 3))] : [entry(category(i))] };
    const outcomes = evaluateMessage({ messageId: `m${i}`, expected, obtained }, ['categories'], EMPTY_DOMAIN_RULES);
    return { runId: 'bench-run', messageId: `m${i}`, position: i, name: `message-${i}.eml`, status: 'success', durationMs: 40, expected, obtained, outcomes, firedRules: obtained.categories.map((e) => ({ category: e.value, rule: 'Catégorisation › règle' })) };
  });
  await handle.db.insert(testingRuns).values({
    id: 'bench-run', projectId: 'demo-nlu', environmentId: 'demo-nlu-prod', environmentName: 'Production', setId: 'bench', setName: 'Bench', settings: {},
    status: 'finished', total: MESSAGES, done: MESSAGES, kinds: ['categories'], rulesV1: EMPTY_DOMAIN_RULES.v1, rulesV2: EMPTY_DOMAIN_RULES.v2,
    metrics: metricsByKind(rows.map((row) => row.outcomes), ['categories']), startedAt: new Date(), finishedAt: new Date(),
  });
  for (let start = 0; start < rows.length; start += 250) await handle.db.insert(testingRunMessages).values(rows.slice(start, start + 250));
  await handle.close();

  const server = await startServerProcess({ env: { POSTROOM_DATA_DIR: dataDir, POSTROOM_PIPELINE_WORKERS: '0' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.fill('#login-username', 'admin');
    await page.press('#login-username', 'Enter');
    await page.fill('#login-password', 'Postroom-demo-1');
    await page.press('#login-password', 'Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Warm the route's chunks once, then measure a fresh navigation.
    await page.goto('/project/demo-nlu/testing-center/messages-bank/tests/bench-run');
    await page.locator('[data-page="test-result"]').waitFor({ timeout: 60_000 });
    await page.addInitScript(() => {
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    // BENCH_TRACE=1: a Chromium trace of the measured navigation, its long tasks broken down (trace-tasks.mjs).
    if (process.env.BENCH_TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto('/project/demo-nlu/testing-center/messages-bank/tests/bench-run');
    await page.locator('[role="row"][data-message-id]').first().waitFor({ timeout: 60_000 });
    await page.locator('button[data-cell]').first().waitFor();
    const shownMs = await page.evaluate(() => performance.now());
    // Interactive: a confusion cell answers (filters the list) right away.
    const clickStart = await page.evaluate(() => performance.now());
    await page.locator('button[data-cell]').nth(3).click();
    await page.getByRole('button', { name: 'Tous les messages' }).waitFor();
    const clickMs = (await page.evaluate(() => performance.now())) - clickStart;
    await page.waitForTimeout(500);
    const longest = await page.evaluate(() => window.__longest);
    if (process.env.BENCH_TRACE) printLongTasks(JSON.parse((await browser.stopTracing()).toString('utf8')), 30);
    return { messages: MESSAGES, categories: CATEGORIES, shownMs, clickMs, longest, chromium: browser.version() };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
