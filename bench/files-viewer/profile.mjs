/**
 * Beside bench:files: where an open's time goes, per thread (page, parse workers, pdf.js worker).
 * Traces one open of the files in argv in Chromium with V8's sampling profiler on and
 * prints, for each thread that ran, its busy time and its heaviest functions by self time, so the
 * cost to cut in the worker or on the page is named rather than guessed.
 *
 *   npm run build && node --import tsx bench/files-viewer/profile.mjs FILE…
 */
import { chromium } from 'playwright-core';
import { startServerProcess } from '../../scripts/server-process.ts';
import { CHROMIUM, CHROMIUM_ARGS, signInPage } from '../chromium.mjs';
import { printLongTasks } from '../testing-center/trace-tasks.mjs';

const files = process.argv.slice(2);
const TOP = Number(process.env.PROFILE_TOP ?? 12);

/** Self time by function of every thread's samples (ProfileChunk events of the trace). */
function samplesByThread(events, names) {
  // Chunks are written by the profiler's own thread; the 'Profile' event with the same id names the
  // thread that was sampled.
  const sampled = new Map(events.filter((e) => e.name === 'Profile').map((e) => [`${e.pid}:${e.id}`, `${e.pid}:${e.tid}`]));
  const profiles = new Map();
  for (const event of events) {
    if (event.name !== 'ProfileChunk') continue;
    const key = sampled.get(`${event.pid}:${event.id}`) ?? `${event.pid}:${event.tid}`;
    const profile = profiles.get(key) ?? { nodes: new Map(), samples: [], deltas: [] };
    profiles.set(key, profile);
    const data = event.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data.timeDeltas ?? []));
  }
  for (const [key, profile] of profiles) {
    const self = new Map();
    let total = 0;
    profile.samples.forEach((id, index) => {
      const node = profile.nodes.get(id);
      const ms = (profile.deltas[index + 1] ?? 0) / 1000;
      const frame = node?.callFrame ?? {};
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      const name = `${frame.functionName || '(anonymous)'} ${String(frame.url ?? '').split('/').pop()}:${(frame.lineNumber ?? 0) + 1}`;
      self.set(name, (self.get(name) ?? 0) + ms);
      total += ms;
    });
    if (total < 1) continue;
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    console.log(`thread ${names.get(key) ?? key}: ${total.toFixed(0)} ms sampled`);
    for (const [name, ms] of top) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
}

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })).newPage();
  await signInPage(page, 'admin');
  await page.goto('/files-viewer');
  await page.getByTestId('privacy-banner').waitFor();
  await page.waitForTimeout(1500);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'] });
  const start = Date.now();
  await page.getByTestId('file-input').setInputFiles(files);
  await page.waitForFunction((n) => {
    if (n === 1) return document.querySelector('[data-testid="email-view"], [data-testid="pdf-view"], [data-testid="file-error"]');
    const items = [...document.querySelectorAll('[data-testid="file-list"] [data-status]')];
    return items.length === n && items.every((item) => ['done', 'error'].includes(item.dataset.status));
  }, files.length, { timeout: 120_000, polling: 20 });
  console.log(`open: ${Date.now() - start} ms (driver included)`);
  await page.waitForTimeout(300);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents ?? trace;
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  // Each thread's top-level tasks: how long it was busy, and its longest task.
  const busy = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')) continue;
    const key = `${e.pid}:${e.tid}`;
    const entry = busy.get(key) ?? { ms: 0, longest: 0, first: Infinity, last: 0 };
    entry.ms += e.dur / 1000;
    entry.longest = Math.max(entry.longest, e.dur / 1000);
    entry.first = Math.min(entry.first, e.ts);
    entry.last = Math.max(entry.last, e.ts + e.dur);
    busy.set(key, entry);
  }
  for (const [key, entry] of busy) if (entry.ms > 5) console.log(`busy ${names.get(key) ?? key}: ${entry.ms.toFixed(0)} ms in tasks, longest ${entry.longest.toFixed(0)} ms, span ${((entry.last - entry.first) / 1000).toFixed(0)} ms`);
  // Named timeline events of interest on every thread (script loads, compiles, messages, GC).
  const interesting = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !/Compile|Evaluate|Parse|GC|MessagePort|Message|postMessage|Deserialize|Serialize/i.test(e.name)) continue;
    const key = `${names.get(`${e.pid}:${e.tid}`) ?? e.tid} ${e.name}`;
    interesting.set(key, (interesting.get(key) ?? 0) + e.dur / 1000);
  }
  for (const [key, ms] of [...interesting].sort((a, b) => b[1] - a[1]).slice(0, 20)) if (ms > 2) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  printLongTasks(trace, 30);
  samplesByThread(events, names);
} finally {
  await browser.close();
  await server.stop();
}
