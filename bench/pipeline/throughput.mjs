/**
 * bench:pipeline, throughput half: analyses per second through the extractor and the output
 * module on one process (in-memory PGlite, the real workers, claim, trace and final transaction), for
 * every fixture mail (bench/… ../shared/fixtures eml and msg), with the extractor cache off so each
 * analysis is really parsed. Target: at least 50 fixture emails per second per core. "Per core" is
 * analyses per CPU-second of the whole process (main thread, parse threads, PGlite), measured with
 * process.cpuUsage(), so the figure does not depend on how many cores the machine lends us.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { machineLine } from '../machine.mjs';
import { createSecretBox } from '../../server/crypto/secret-box.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { MEMORY, openDatabase } from '../../server/db/open.ts';
import { analyses } from '../../server/db/schema.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { startPipeline } from '../../server/pipeline/pipeline.ts';
import { notifyQueued } from '../../server/pipeline/queue-signal.ts';
import { createEnvironment, queueAnalysis } from '../../server/pipeline/testing/analyses.ts';
import { measureRawParse, rawParseLine } from './_measure.mjs';
import { runEnds } from './_run-ends.mjs';
import { scratchDatabase } from '../../server/pipeline/testing/processes.ts';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const mails = ['eml', 'msg'].flatMap((folder) =>
  readdirSync(join(FIXTURES, folder))
    .filter((name) => name.endsWith(`.${folder}`))
    .map((name) => ({ name, content: readFileSync(join(FIXTURES, folder, name)) })),
);

// BENCH_DATABASE_URL (a PostgreSQL server URL whose user may create databases): the same run on a
// throwaway database there, so the database's CPU is no longer inside the measured process.
const scratch = process.env.BENCH_DATABASE_URL ? await scratchDatabase(process.env.BENCH_DATABASE_URL) : null;
const handle = await openDatabase(scratch?.url ?? MEMORY);
await migrateDatabase(handle);
await seedDemo(handle.db);
const db = handle.db;

const secrets = createSecretBox('bench-secret-of-at-least-32-bytes!!');

async function measure(workers) {
  const envId = await createEnvironment(db, { extractor: { parser: { global: { useCache: false } } } });
  // Workers start first and run every fixture once, as the raw parse warms its thread with each file,
  // so loading the parsers and compiling their hot code in the fresh threads (parse, OCR, module
  // workers) is not counted; the batch is stored as aborted, then queued by one UPDATE when the clock
  // starts. The server's own poll (1 s): a shorter one only adds the idle delivery worker's
  // statements, a cost per second no server pays, to a figure per analysis. Queued work wakes the
  // workers at once.
  const ends = runEnds();
  const pipeline = startPipeline({ db, secrets, log: ends.log }, { workers });
  for (const mail of mails) await queueAnalysis(db, envId, [mail]);
  notifyQueued();
  await ends.until(mails.length);
  const ids = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const mail of mails) ids.push(await queueAnalysis(db, envId, [mail], { state: { status: 'aborted' } }));
  }
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await db.update(analyses).set({ status: 'waiting' }).where(inArray(analyses.id, ids));
  notifyQueued();
  await ends.until(mails.length + ids.length);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  await pipeline.stop();
  const rows = await db.select({ status: analyses.status, cpuMs: analyses.cpuMs }).from(analyses).where(inArray(analyses.id, ids));
  const processed = rows.filter((row) => row.status === 'processed').length;
  const charged = rows.reduce((sum, row) => sum + row.cpuMs, 0) / 1000;
  return { workers, count: ids.length, processed, seconds, cpuSeconds, charged };
}

console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
console.log(`${mails.length} fixture mails (eml + msg) × ${ROUNDS} rounds, extractor cache off, ${scratch ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'in-memory PGlite'}`);
const raw = await measureRawParse(mails, ROUNDS);
console.log(rawParseLine(raw));
for (const workers of [1, 2]) {
  const r = await measure(workers);
  const perCpuSecond = r.count / r.cpuSeconds;
  console.log(
    `workers ${r.workers}: ${r.processed}/${r.count} processed in ${r.seconds.toFixed(2)} s → ${(r.count / r.seconds).toFixed(1)} analyses/s wall; ` +
      `process CPU ${r.cpuSeconds.toFixed(2)} s → ${perCpuSecond.toFixed(1)} analyses per CPU-second (target ≥ 50 per core), ` +
      `×${((r.cpuSeconds / r.count) / (raw.cpuSeconds / raw.count)).toFixed(2)} the raw parse's CPU per file; ` +
      `cpuMs charged to analyses ${r.charged.toFixed(2)} s (${((r.charged / r.cpuSeconds) * 100).toFixed(0)} % of the process CPU, target ≥ 75 %)`,
  );
}
await handle.close();
await scratch?.drop();
process.exit(0);
