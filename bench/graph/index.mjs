/**
 * bench:graph: the configuration graph of a generated environment of about 200 and 2,000
 * nodes, in Debian's Chromium against the real server and the production build: the layout time (the
 * worker's round trip), the time from navigation to the laid-out graph's first paint, and the longest
 * main-thread task during that load (BENCH_VERBOSE=1: its timeline of tasks, marks and API calls;
 * BENCH_SIZES=2000: one size only). Then, on the loaded graph, a pan (a drag across the pane) and a
 * zoom out and back in (mouse wheel): the frames drawn meanwhile, the worst gap between two frames and
 * the longest task — what "smooth" means to the hand. Prints the median of BENCH_REPEATS loads
 * (default 3) per size, and the 2,000 / 200 ratio of each figure.
 */
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { machineLine } from '../machine.mjs';
import { startServerProcess } from '../../scripts/server-process.ts';
import { populate, signIn } from './populate.mjs';
import { CHROMIUM, CHROMIUM_ARGS, signInPage } from '../chromium.mjs';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '200,2000').split(',').map(Number);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One load of the graph page: layout ms, navigation → painted ms, longest task ms, nodes drawn. */
async function measure(page, path) {
  await page.goto(path);
  await page.waitForFunction(() => performance.getEntriesByName('graph:painted').length > 0, undefined, { timeout: 120_000 });
  return page.evaluate(() => {
    const layout = performance.getEntriesByName('graph:layout').at(-1).duration;
    const build = performance.getEntriesByName('graph:build').at(-1)?.duration ?? 0;
    const painted = performance.getEntriesByName('graph:painted')[0].startTime;
    const tasks = window.__longTasks.filter((task) => task.startTime <= painted + 50);
    return {
      layout,
      build,
      painted,
      longest: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
      nodes: document.querySelectorAll('.react-flow__node').length,
      counts: document.querySelector('.cg-counts')?.textContent ?? '',
      timeline: [
        ...tasks.map((task) => `task ${task.startTime.toFixed(0)}+${task.duration.toFixed(0)}`),
        ...performance.getEntriesByType('mark').map((mark) => `mark ${mark.name} ${mark.startTime.toFixed(0)}`),
        ...performance.getEntriesByType('measure').map((m) => `measure ${m.name} ${m.startTime.toFixed(0)}+${m.duration.toFixed(0)}`),
        ...performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/')).map((r) => `fetch ${new URL(r.name).pathname.slice(-40)} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)}`),
      ].sort((a, b) => Number(a.split(' ').at(-1).split(/[+→]/)[0]) - Number(b.split(' ').at(-1).split(/[+→]/)[0])),
    };
  });
}

/** Pan and zoom the loaded graph as a hand would; frames are counted with requestAnimationFrame. */
async function interact(page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__stopFrames = false;
    window.__interactStart = performance.now();
    const tick = (time) => {
      window.__frames.push(time);
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const box = await page.locator('.react-flow__pane').boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) await page.mouse.move(x - step * 15, y - step * 8, { steps: 2 });
  await page.mouse.up();
  for (const delta of [240, 240, 240, 240, -240, -240, -240, -240]) {
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    window.__stopFrames = true;
    const frames = window.__frames;
    const gaps = frames.slice(1).map((time, index) => time - frames[index]);
    const tasks = window.__longTasks.filter((task) => task.startTime >= window.__interactStart);
    return { fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000), worstFrame: Math.max(0, ...gaps), longestTask: tasks.reduce((max, task) => Math.max(max, task.duration), 0) };
  });
}

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const chromiumVersion = execFileSync(CHROMIUM, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  console.log(machineLine(`${chromiumVersion}, viewport 1280×800, median of ${REPEATS} loads`));
  const token = await signIn(server.url, 'configurator');
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  // Every long task (> 50 ms) of the main thread from the page's start.
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await signInPage(page, 'configurator');

  const results = {};
  for (const size of SIZES) {
    const envId = await populate(server.url, token, size);
    const path = `/project/demo-nlu/environment/${envId}/graph`;
    await measure(page, path); // warms the server's caches and the browser's HTTP cache
    const runs = [];
    const moves = [];
    for (let i = 0; i < REPEATS; i += 1) {
      runs.push(await measure(page, path));
      moves.push(await interact(page));
    }
    const result = {
      layout: median(runs.map((run) => run.layout)),
      build: median(runs.map((run) => run.build)),
      painted: median(runs.map((run) => run.painted)),
      longest: median(runs.map((run) => run.longest)),
      fps: median(moves.map((move) => move.fps)),
      worstFrame: median(moves.map((move) => move.worstFrame)),
      longestWhileMoving: median(moves.map((move) => move.longestTask)),
    };
    results[size] = result;
    if (process.env.BENCH_VERBOSE) console.log(runs.at(-1).timeline.join('\n'));
    console.log(
      `${String(size).padStart(5)} nodes (${runs[0].counts}; ${runs[0].nodes} drawn at fit): checks + graph ${result.build.toFixed(0)} ms | layout in worker ${result.layout.toFixed(0)} ms | ` +
        `navigation → graph painted ${result.painted.toFixed(0)} ms | longest main-thread task ${result.longest.toFixed(0)} ms`,
    );
    console.log(
      `${String(size).padStart(5)} nodes, pan and zoom: ${result.fps.toFixed(0)} frames/s | worst frame ${result.worstFrame.toFixed(0)} ms | longest task while moving ${result.longestWhileMoving.toFixed(0)} ms`,
    );
  }
  const ratio = (key) => (results[2000][key] / results[200][key]).toFixed(1);
  if (results[200] && results[2000])
    console.log(`ratio 2,000 / 200: layout ×${ratio('layout')}, first paint ×${ratio('painted')}, longest task ×${ratio('longest')}, worst frame while moving ×${ratio('worstFrame')}`);
} finally {
  await browser.close();
  await server.stop();
}
