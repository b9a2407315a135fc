/**
 * bench:testing-center, results-page half: the results page of a finished run with BENCH_PAGE_MESSAGES
 * messages (default 1,000) over 50 categories, in Chromium against the built console and the real
 * server. The run is written before the server starts (its database prepared in the data folder):
 * expected categories spread over the 50, obtained right four times in five, outcomes and metrics
 * from the real engine. Prints the time from navigation to the metrics, matrix and messages shown
 * and the longest main-thread task (target: none over 50 ms), BENCH_PAGE_ROUNDS times (default 3),
 * each beside a peer page measured right after it in the same browser: the plain analyses list of the
 * same environment holding as many analyses. Both pages pay the same app start (bundle evaluation,
 * first render, garbage collection), so on a loaded machine the ratio says what the results screen
 * itself adds, where the absolute figure mostly says how loaded the machine was. Each navigation is
 * traced too, for its longest task's CPU time (what the task itself computed, without the time the
 * renderer spent descheduled by other processes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { testingRunMessages, testingRuns } from '../../server/db/schema-testing-runs.ts';
import { EMPTY_DOMAIN_RULES } from '../../src/contract/testing-evaluation.ts';
import { metricsByKind } from '../../src/testing-center/metrics.ts';
import { evaluateMessage } from '../../src/testing-center/outcomes.ts';
import { startServerProcess } from '../../scripts/server-process.ts';
import { longestTasks, printLongTasks, TRACE_CATEGORIES } from './trace-tasks.mjs';
import { CHROMIUM, CHROMIUM_ARGS, signInPage } from '../chromium.mjs';

const MESSAGES = Number(process.env.BENCH_PAGE_MESSAGES ?? 1000);
const CATEGORIES = 50;
const ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 3);
const RESULTS = '/project/demo-nlu/testing-center/messages-bank/tests/bench-run';
const PEER = '/project/demo-nlu/environment/demo-nlu-prod/analyses';

/** One fresh navigation to the results page: shown, a confusion cell's answer, the longest task. */
async function measureResults(page) {
  await page.goto(RESULTS);
  await page.locator('[role="row"][data-message-id]').first().waitFor({ timeout: 60_000 });
  await page.locator('button[data-cell]').first().waitFor();
  const shownMs = await page.evaluate(() => performance.now());
  // Interactive: a confusion cell answers (filters the list) right away.
  const clickStart = await page.evaluate(() => performance.now());
  await page.locator('button[data-cell]').nth(3).click();
  await page.getByRole('button', { name: 'Tous les messages' }).waitFor();
  const clickMs = (await page.evaluate(() => performance.now())) - clickStart;
  await page.waitForTimeout(500);
  return { shownMs, clickMs, longest: await page.evaluate(() => window.__longest) };
}

/** The same for the peer page (the analyses list): same app start, same machine, a plain screen. */
async function measurePeer(page) {
  await page.goto(PEER);
  await page.locator('tr[data-analysis-id]').first().waitFor({ timeout: 60_000 });
  const shownMs = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  return { shownMs, longest: await page.evaluate(() => window.__longest) };
}

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
  // The peer page: the plain analyses list of the same environment holding as many analyses.
  await handle.db.execute(sql`
    insert into analyses (id, environment_id, name, status, input_type, created_at, started_at, finished_at, file_count, size_bytes)
    select 'bench-' || g, 'demo-nlu-prod', 'message-' || g || '.eml', 'processed', 'email',
      now() - g * interval '5 minutes', now() - g * interval '5 minutes', now() - g * interval '5 minutes' + interval '2 seconds', 1, 20000
    from generate_series(1, ${MESSAGES}) g`);
  await handle.close();

  const server = await startServerProcess({ env: { POSTROOM_DATA_DIR: dataDir, POSTROOM_PIPELINE_WORKERS: '0' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInPage(page, 'admin');
    await page.addInitScript(() => {
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    // Warm both routes' chunks once, then measure fresh navigations, the two pages alternating so
    // that they share the machine's load: the longest task of the results page beside the peer's.
    await page.goto(RESULTS);
    await page.locator('[data-page="test-result"]').waitFor({ timeout: 60_000 });
    await page.goto(PEER);
    await page.locator('tr[data-analysis-id]').first().waitFor({ timeout: 60_000 });
    const rounds = [];
    // Every measured navigation is traced: the longest task's wall time and CPU time (trace-tasks.mjs).
    const traced = async (measure, print) => {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const result = await measure(page);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      // BENCH_TRACE=1: the long tasks of the first round broken down by function, style, layout, GC.
      if (print) printLongTasks(trace, 30);
      return { ...result, traced: longestTasks(trace) };
    };
    for (let round = 0; round < ROUNDS; round++) {
      const results = await traced(measureResults, process.env.BENCH_TRACE && round === 0);
      const peer = await traced(measurePeer, false);
      rounds.push({ ...results, peerShownMs: peer.shownMs, peerLongest: peer.longest, peerTraced: peer.traced });
    }
    return { messages: MESSAGES, categories: CATEGORIES, rounds, chromium: browser.version() };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints each round and the medians (wall time by the long-task observer, CPU time by the trace); returns the medians. */
export function reportResultsPage(page) {
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  for (const [index, round] of page.rounds.entries()) {
    console.log(
      `round ${index + 1}: results page (${page.messages} messages, ${page.categories} categories) shown ${round.shownMs.toFixed(0)} ms after navigation, ` +
        `a confusion cell filters the list in ${round.clickMs.toFixed(0)} ms, longest main-thread task ${round.longest.toFixed(0)} ms; ` +
        `peer (analyses list, ${page.messages} analyses) shown ${round.peerShownMs.toFixed(0)} ms, longest task ${round.peerLongest.toFixed(0)} ms; ` +
        `traced longest task wall / CPU: results ${round.traced.wallMs.toFixed(0)} / ${round.traced.cpuMs.toFixed(0)} ms, peer ${round.peerTraced.wallMs.toFixed(0)} / ${round.peerTraced.cpuMs.toFixed(0)} ms`,
    );
  }
  const longest = median(page.rounds.map((round) => round.longest));
  const peerLongest = median(page.rounds.map((round) => round.peerLongest));
  const cpu = median(page.rounds.map((round) => round.traced.cpuMs));
  const peerCpu = median(page.rounds.map((round) => round.peerTraced.cpuMs));
  console.log(
    `results page (Chromium ${page.chromium}), median of ${page.rounds.length}: longest main-thread task ${longest.toFixed(0)} ms (target ≤ 50 ms: ${longest <= 50 ? 'met' : 'NOT met'}); ` +
      `peer page ${peerLongest.toFixed(0)} ms; results beside peer ${peerLongest > 0 ? `×${(longest / peerLongest).toFixed(2)}` : 'n/a (the peer had no task over 50 ms)'} ` +
      `(a long-task observer: 0 means no task over 50 ms)`,
  );
  console.log(
    `longest task's CPU time (traced), median: results page ${cpu.toFixed(0)} ms (target ≤ 50 ms: ${cpu <= 50 ? 'met' : 'NOT met'}), peer page ${peerCpu.toFixed(0)} ms, ` +
      `results beside peer ×${(cpu / peerCpu).toFixed(2)}`,
  );
  return { longest, peerLongest, cpu, peerCpu };
}
