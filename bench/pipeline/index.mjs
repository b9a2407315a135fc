/**
 * bench:pipeline: runs each half of the benchmark in its own process, one after the other,
 * so neither's memory or JIT state colours the other's figures:
 * - list.mjs: list-endpoint p50/p99 with 100 000 analyses in one environment of PGlite;
 * - the pipeline throughput half (analyses per second through extractor and output), when present.
 * Every `*.mjs` beside this file is a half, except this one and helpers whose name starts with `_`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const halves = readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== 'index.mjs' && !name.startsWith('_'))
  .sort();

let failed = false;
for (const half of halves) {
  console.log(`\n== bench/pipeline/${half}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${here}${half}`], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
