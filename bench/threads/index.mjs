/**
 * bench/threads (`npm run bench:threads`): what starting a worker thread costs, from `new Worker` to
 * its entry loaded and ready for a first task, for the parse, module and OCR threads: a pool pays it
 * at start and again after every thread it kills at a deadline or a memory cap. The bench runs under
 * `node --import tsx`, as npm start runs the server, and times each start three ways in the same run,
 * alternating:
 * - tsx: the entry through tsx's loader hooks (POSTROOM_THREAD_BUNDLES=off), as threads started
 *   before they were bundled;
 * - bundled, the process's options: the bundle (src/parsing/worker-entry.mjs), the thread given the
 *   process's own Node options, tsx's preload included, as threads started before threadExecArgv;
 * - bundled: the bundle, the thread given threadExecArgv() (thread-paths.mjs), as threads start now.
 * Prints wall time and CPU time (this process's, every thread included: nothing else runs in it),
 * medians of BENCH_ROUNDS (default 5), and the ratios. The bundles are made before the clock (a first
 * start after a change of source pays ~0.1–0.5 s more, once).
 * Targets: bundled ≤ 0.5 of tsx's CPU per start, and not above the process's options' CPU.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { machineLine } from '../machine.mjs';
import { THREADS, threadExecArgv } from '../../src/parsing/thread-paths.mjs';
import { prepareBundles } from '../../src/parsing/worker-entry.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// The database thread opens its database as it starts: not a start alone.
const MEASURED = ['parse', 'module', 'OCR'];
const WAYS = {
  tsx: { bundles: false, execArgv: threadExecArgv() },
  'bundled, process options': { bundles: true, execArgv: process.execArgv },
  bundled: { bundles: true, execArgv: threadExecArgv() },
};

// A thread runs the process's preloads only for a file, not for code given as a string: each start
// goes through a small file that imports the boot file and says so once the boot's entry is loaded.
const folder = mkdtempSync(join(os.tmpdir(), 'postroom-bench-threads-'));
function starter(boot) {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, `import { parentPort } from 'node:worker_threads';\nawait import(${JSON.stringify(boot.href)});\nparentPort.postMessage('ready');\n`);
  return pathToFileURL(file);
}

/** One start of a thread from `file`. */
async function start(file, way) {
  const cpu = process.cpuUsage();
  const began = performance.now();
  const worker = new Worker(file, { execArgv: way.execArgv, env: { ...process.env, POSTROOM_THREAD_BUNDLES: way.bundles ? 'on' : 'off' } });
  await new Promise((resolve, reject) => {
    worker.on('message', (message) => message === 'ready' && resolve());
    worker.once('error', reject);
  });
  const wallMs = performance.now() - began;
  const used = process.cpuUsage(cpu);
  await worker.terminate();
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value) => value.toFixed(0).padStart(5);

console.log(machineLine(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`));
console.log(`process options: ${process.execArgv.join(' ') || '(none)'}; a thread's: ${threadExecArgv().join(' ') || '(none)'}`);
console.log(`thread start, new Worker → entry loaded, median of ${ROUNDS} (the ways alternate):`);
let worstTsx = 0;
let worstBefore = 0;
for (const name of MEASURED) {
  const { boot, entry } = THREADS[name];
  await prepareBundles([entry]);
  const file = starter(boot);
  // One start each way before the clock: the file system cache and tsx's transform cache warm.
  for (const way of Object.values(WAYS)) await start(file, way);
  const runs = Object.fromEntries(Object.keys(WAYS).map((label) => [label, []]));
  for (let round = 0; round < ROUNDS; round++) for (const [label, way] of Object.entries(WAYS)) runs[label].push(await start(file, way));
  const figures = Object.fromEntries(Object.entries(runs).map(([way, list]) => [way, { wallMs: median(list.map((run) => run.wallMs)), cpuMs: median(list.map((run) => run.cpuMs)) }]));
  const toTsx = figures.bundled.cpuMs / figures.tsx.cpuMs;
  const toBefore = figures.bundled.cpuMs / figures['bundled, process options'].cpuMs;
  worstTsx = Math.max(worstTsx, toTsx);
  worstBefore = Math.max(worstBefore, toBefore);
  console.log(`  ${name}`);
  for (const [label, figure] of Object.entries(figures)) console.log(`    ${label.padEnd(26)} ${fmt(figure.wallMs)} ms wall ${fmt(figure.cpuMs)} ms CPU`);
  console.log(`    bundled ÷ tsx: CPU ×${toTsx.toFixed(2)}; bundled ÷ bundled with the process's options: wall ×${(figures.bundled.wallMs / figures['bundled, process options'].wallMs).toFixed(2)}, CPU ×${toBefore.toFixed(2)}`);
}
rmSync(folder, { recursive: true, force: true });
console.log(`target: bundled ≤ 0.5 of tsx's CPU per start: ${worstTsx <= 0.5 ? 'met' : 'NOT met'} (highest ×${worstTsx.toFixed(2)})`);
console.log(`target: bundled ≤ 1 of the process's options' CPU per start: ${worstBefore <= 1 ? 'met' : 'NOT met'} (highest ×${worstBefore.toFixed(2)})`);
