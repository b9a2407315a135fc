/**
 * The worker threads of the server and the parse CLI: each one's boot file and the TypeScript entry
 * its boot loads (worker-entry.mjs). The pools start their threads from these boot files; the unit
 * stage's global setup and bench:threads prepare these entries' bundles. Plain JavaScript importing
 * nothing, so a module bundled into a thread may import it without bringing esbuild along.
 */
export const THREADS = {
  parse: { boot: new URL('./node-worker-boot.mjs', import.meta.url), entry: new URL('./node-worker.ts', import.meta.url) },
  module: { boot: new URL('../../server/module-workers/module-thread-boot.mjs', import.meta.url), entry: new URL('../../server/module-workers/module-thread.ts', import.meta.url) },
  OCR: { boot: new URL('../../server/ocr/ocr-thread-boot.mjs', import.meta.url), entry: new URL('../../server/ocr/ocr-thread.ts', import.meta.url) },
  database: { boot: new URL('../../server/db/pglite-thread-boot.mjs', import.meta.url), entry: new URL('../../server/db/pglite-thread-worker.ts', import.meta.url) },
};

/** Flags that load code before a thread's own file, and the ways tsx is named to them. */
const PRELOAD_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);
const isTsx = (value) => value === 'tsx' || value.startsWith('tsx/') || /[\\/]node_modules[\\/]tsx[\\/]/.test(value);

/**
 * The Node options a worker thread starts with: the process's own (heap, profiling: `--cpu-prof`
 * profiles the threads too) less tsx's loader. A thread runs the process's preloads again, so under
 * `node --import tsx` (npm start, the benches) each thread loaded tsx, registered its loader hooks
 * (with a hooks thread of their own) and turned source maps on, which then read and decoded the map
 * of every package file it loaded: a parse thread's start took ~0.66 s of CPU instead of ~0.36, an
 * OCR thread's ~0.49 instead of ~0.17 (bench:threads). The boot file needs none of it: it loads its bundle, or registers
 * tsx itself when there is none (worker-entry.mjs).
 */
export function threadExecArgv(argv = process.execArgv) {
  const kept = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const equals = arg.indexOf('=');
    if (equals > 0 && PRELOAD_FLAGS.has(arg.slice(0, equals)) && isTsx(arg.slice(equals + 1))) continue;
    if (PRELOAD_FLAGS.has(arg) && i + 1 < argv.length && isTsx(argv[i + 1])) {
      i++;
      continue;
    }
    kept.push(arg);
  }
  return kept;
}
