/**
 * bench/threads (`npm run bench:threads`): what starting a worker thread costs, from `new Worker` to
 * its entry loaded and ready for a first task, for the parse, module and OCR threads: a pool pays it
 * at start and again after every thread it kills at a deadline or a memory cap. Each start is timed
 * both ways in the same run, alternating: the entry bundled (src/parsing/worker-entry.mjs, as the
 * threads start now) and through tsx's loader hooks (POSTROOM_THREAD_BUNDLES=off, as they started
 * before). Prints wall time and CPU time (this process's, every thread included: nothing else runs
 * in it), medians of BENCH_ROUNDS (default 5), and the ratio bundled ÷ tsx. The bundles are made
 * before the clock (a first start after a change of source pays ~0.1–0.5 s more, once).
 * Target: bundled ≤ 0.5 of tsx's CPU per start.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { machineLine } from '../machine.mjs';
import { THREADS, prepareBundles } from '../../src/parsing/worker-entry.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// The database thread opens its database as it starts: not a start alone.
const MEASURED = ['parse', 'module', 'OCR'];

/** One start: a thread that imports the boot file and says so once the boot's entry is loaded. */
async function start(boot, bundles) {
  const cpu = process.cpuUsage();
  const began = performance.now();
  const code = `import(${JSON.stringify(boot.href)}).then(() => require('node:worker_threads').parentPort.postMessage('ready'))`;
  const worker = new Worker(code, { eval: true, env: { ...process.env, POSTROOM_THREAD_BUNDLES: bundles ? 'on' : 'off' } });
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
console.log(`thread start, new Worker → entry loaded, median of ${ROUNDS} (the two ways alternate):`);
let worst = 0;
for (const name of MEASURED) {
  const { boot, entry } = THREADS[name];
  await prepareBundles([entry]);
  // One start each way before the clock: the file system cache and tsx's transform cache warm.
  await start(boot, false);
  await start(boot, true);
  const runs = { tsx: [], bundled: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.tsx.push(await start(boot, false));
    runs.bundled.push(await start(boot, true));
  }
  const figures = Object.fromEntries(Object.entries(runs).map(([way, list]) => [way, { wallMs: median(list.map((run) => run.wallMs)), cpuMs: median(list.map((run) => run.cpuMs)) }]));
  const cpuRatio = figures.bundled.cpuMs / figures.tsx.cpuMs;
  worst = Math.max(worst, cpuRatio);
  console.log(
    `  ${name.padEnd(7)} tsx ${fmt(figures.tsx.wallMs)} ms wall ${fmt(figures.tsx.cpuMs)} ms CPU   bundled ${fmt(figures.bundled.wallMs)} ms wall ${fmt(figures.bundled.cpuMs)} ms CPU` +
      `   bundled ÷ tsx: wall ×${(figures.bundled.wallMs / figures.tsx.wallMs).toFixed(2)}, CPU ×${cpuRatio.toFixed(2)}`,
  );
}
console.log(`target: bundled ≤ 0.5 of tsx's CPU per start: ${worst <= 0.5 ? 'met' : 'NOT met'} (highest ×${worst.toFixed(2)})`);
