/**
 * bench:pipeline's workload (bench/pipeline/full.mjs, pipeline F: the demo NLU environment's whole
 * seeded pipeline, every output option on, the vision engine left out), run on the checkout whose
 * root is argv[2]: its own bench/pipeline/_measure.mjs and so its own server code. The same file
 * measures this checkout and the baseline's worktree, so only the code under test differs.
 * Prints one JSON line: { count, processed, cpuSeconds, perCpuSecond } (best of BENCH_REPEATS).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const { openBenchDatabase, pipelineMeter, seededModules } = await import(pathToFileURL(join(root, 'bench/pipeline/_measure.mjs')).href);

const EVERY_OPTION = {
  htmlBodies: true, attachmentData: true, emailHeader: true, categoriesEnabled: true, extractedData: true,
  metadata: true, nluOutput: true, replyProposal: true, visionEngineOutput: false,
};
const handle = await openBenchDatabase();
const measure = pipelineMeter(handle.db, ROUNDS);
const modules = (await seededModules(handle.db))
  .filter((module) => module.type !== 'visionEngine')
  .map((module) => (module.type === 'output' ? { ...module, config: EVERY_OPTION } : module));
let best = null;
for (let repeat = 0; repeat < REPEATS; repeat++) {
  const r = await measure(modules);
  const perCpuSecond = r.count / r.cpuSeconds;
  if (best === null || perCpuSecond > best.perCpuSecond) best = { count: r.count, processed: r.processed, cpuSeconds: r.cpuSeconds, seconds: r.seconds, perCpuSecond };
}
process.stdout.write(`${JSON.stringify(best)}\n`);
await handle.close();
process.exit(0);
