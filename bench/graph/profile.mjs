/**
 * bench:graph's profiler: loads the 2,000-node graph once (BENCH_SIZE to change) with CDP
 * tracing and the JS sampling profiler on, then prints the main thread's longest tasks split into
 * their kinds of work (script, style, layout, paint…) and the functions with the most self time.
 * Run after `npm run build`: `node --import tsx bench/graph/profile.mjs`.
 */
import { chromium } from 'playwright-core';
import { startServerProcess } from '../../scripts/server-process.ts';
import { populate, signIn } from './populate.mjs';
import { CHROMIUM, CHROMIUM_ARGS, signInPage } from '../chromium.mjs';

const SIZE = Number(process.env.BENCH_SIZE ?? 2000);

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const token = await signIn(server.url, 'configurator');
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  // How many nodes and edges React Flow adds and removes during the load (a sign of drawing too much).
  await context.addInitScript(() => {
    window.__drawn = { nodesAdded: 0, nodesRemoved: 0, edgesAdded: 0, edgesRemoved: 0, elementsAdded: 0 };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          window.__drawn.elementsAdded += 1 + node.querySelectorAll('*').length;
          if (node.classList.contains('react-flow__node')) window.__drawn.nodesAdded += 1;
          if (node.classList.contains('react-flow__edge')) window.__drawn.edgesAdded += 1;
        }
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.classList.contains('react-flow__node')) window.__drawn.nodesRemoved += 1;
          if (node.classList.contains('react-flow__edge')) window.__drawn.edgesRemoved += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await signInPage(page, 'configurator');
  const envId = await populate(server.url, token, SIZE);
  const path = `/project/demo-nlu/environment/${envId}/graph`;
  await page.goto(path); // warm-up
  await page.waitForFunction(() => performance.getEntriesByName('graph:painted').length > 0, undefined, { timeout: 120_000 });
  await page.goto('/');

  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await page.goto(path);
  await page.waitForFunction(() => performance.getEntriesByName('graph:painted').length > 0, undefined, { timeout: 120_000 });
  await page.waitForTimeout(500);
  const { profile } = await cdp.send('Profiler.stop');
  console.log('drawn during the load:', JSON.stringify(await page.evaluate(() => window.__drawn)), 'now:', await page.evaluate(() => `${document.querySelectorAll('.react-flow__node').length} nodes, ${document.querySelectorAll('.react-flow__edge').length} edges`));
  await cdp.send('Tracing.end');
  await done;

  // Main thread: the renderer's CrRendererMain; its top-level tasks and what they contain.
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && events.some((e) => e.pid === event.pid && e.name === 'RunTask'));
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur > 50_000).sort((a, b) => b.dur - a.dur).slice(0, 4);
  const KINDS = ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'MajorGC', 'MinorGC', 'ParseHTML', 'HitTest', 'UpdateLayer', 'CompositeLayers', 'RunMicrotasks', 'v8.run'];
  for (const task of tasks) {
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event !== task && KINDS.includes(event.name));
    // Count only outermost events of each kind (no double counting of nested ones).
    const sums = {};
    for (const event of inside) {
      const nested = inside.some((other) => other !== event && other.name === event.name && other.ts <= event.ts && other.ts + other.dur >= event.ts + event.dur && other.dur > event.dur);
      if (!nested) sums[event.name] = (sums[event.name] ?? 0) + event.dur / 1000;
    }
    console.log(`task ${(task.dur / 1000).toFixed(0)} ms: ${Object.entries(sums).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
  }

  // JS self time by function (sampling profiler).
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id).callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  });
  console.log('self time (ms):');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${key}`);
} finally {
  await browser.close();
  await server.stop();
}
