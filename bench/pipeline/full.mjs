/**
 * bench:pipeline, full-pipeline half: analyses per CPU-second of the whole process, in one
 * run and on the same fixture files (eml + msg + the claim letter, extractor cache off), through
 *   A. extractor → output (the baseline, as the throughput half measures it);
 *   F. the demo NLU environment's whole seeded pipeline: extractor → NLU → information extraction →
 *      categorization → consolidation → reply template → output with every option on (the vision
 *      engine is left out: it waits on a remote model, not on our CPU).
 * Prints each figure, F beside A, both beside the raw parse of the same files in the same process
 * (the yardstick that moves with the machine), and each step's mean wall time per analysis in F (the trace's durations).
 */
import os from 'node:os';
import { machineLine } from '../machine.mjs';
import { mails, measureRawParse, openBenchDatabase, pipelineMeter, rawParseLine, seededModules, stepMeans } from './_measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const handle = await openBenchDatabase();
const measure = pipelineMeter(handle.db, ROUNDS);

const EVERY_OPTION = {
  htmlBodies: true, attachmentData: true, emailHeader: true, categoriesEnabled: true, extractedData: true,
  metadata: true, nluOutput: true, replyProposal: true, visionEngineOutput: false,
};
const seeded = (await seededModules(handle.db)).filter((module) => module.type !== 'visionEngine');
const full = seeded.map((module) => (module.type === 'output' ? { ...module, config: EVERY_OPTION } : module));
const PIPELINES = {
  A: { label: 'A extractor → output', modules: [{ id: 'x', type: 'extractor', name: 'Extracteur' }, { id: 'o', type: 'output', name: 'Sortie' }] },
  F: { label: `F ${full.map((module) => module.type).join(' → ')}`, modules: full },
};

console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
console.log(`${mails.length} fixture files × ${ROUNDS} rounds, extractor cache off, in-memory PGlite, 1 worker; best of ${REPEATS}, interleaved`);
const raw = await measureRawParse(mails, ROUNDS);
console.log(rawParseLine(raw));
const rawPerCpuSecond = raw.count / raw.cpuSeconds;
const best = {};
let steps = {};
for (let repeat = 0; repeat < REPEATS; repeat++) {
  for (const [key, { label, modules }] of Object.entries(PIPELINES)) {
    const r = await measure(modules);
    const perCpuSecond = r.count / r.cpuSeconds;
    const succeeded = {};
    for (const row of r.rows) for (const module of row.modules) if (module.outcome === 'success') succeeded[module.type] = (succeeded[module.type] ?? 0) + 1;
    console.log(
      `${label}: ${r.processed}/${r.count} processed in ${r.seconds.toFixed(2)} s; process CPU ${r.cpuSeconds.toFixed(2)} s → ${perCpuSecond.toFixed(1)} analyses per CPU-second; ` +
        `module successes ${Object.entries(succeeded).map(([type, n]) => `${type} ${n}`).join(', ')}`,
    );
    if (perCpuSecond > (best[key] ?? 0)) best[key] = perCpuSecond;
    if (key === 'F') steps = await stepMeans(handle.db, r.ids);
  }
}
console.log(
  `best of ${REPEATS}: A ${best.A.toFixed(1)}, F ${best.F.toFixed(1)} analyses per CPU-second, i.e. ` +
    `${(1000 / best.A).toFixed(1)} and ${(1000 / best.F).toFixed(1)} CPU ms per analysis; F beside A: ×${(best.A / best.F).toFixed(2)} the CPU per analysis (target ≤ 1.3); ` +
    `beside the raw parse (${(1000 / rawPerCpuSecond).toFixed(1)} CPU ms per file): A ×${(rawPerCpuSecond / best.A).toFixed(2)}, F ×${(rawPerCpuSecond / best.F).toFixed(2)}`,
);
console.log(`F, mean wall ms per analysis and step (last repeat): ${Object.entries(steps).map(([module, ms]) => `${module} ${ms.toFixed(1)}`).join(', ')}`);
await handle.close();
process.exit(0);
