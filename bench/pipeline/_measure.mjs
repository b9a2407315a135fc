/**
 * What the pipeline benches share: the fixture mails (eml + msg + the claim letter, so some rules
 * hold), an in-memory PGlite with the demo seeded, and `measure(modules)`: one batch through the
 * real pipeline (1 worker, extractor cache off) on demo-nlu-prod with these modules, timed by the
 * process's CPU clock. The batch is stored as aborted and queued by one UPDATE when the clock starts,
 * after every file has gone through once (the parse thread, the NLU engine and the workers warm).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { createSecretBox } from '../../server/crypto/secret-box.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { MEMORY, openDatabase } from '../../server/db/open.ts';
import { analyses } from '../../server/db/schema.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { createNluRuntime } from '../../server/nlu/runtime.ts';
import { MeteredParser } from '../../server/pipeline/extractor/metered-parser.ts';
import { startPipeline } from '../../server/pipeline/pipeline.ts';
import { notifyQueued } from '../../server/pipeline/queue-signal.ts';
import { queueAnalysis, setSettings } from '../../server/pipeline/testing/analyses.ts';
import { runEnds } from './_run-ends.mjs';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));
export const ENV = 'demo-nlu-prod';

export const mails = ['eml', 'msg'].flatMap((folder) =>
  readdirSync(join(FIXTURES, folder))
    .filter((name) => name.endsWith(`.${folder}`))
    .map((name) => ({ name, content: readFileSync(join(FIXTURES, folder, name)) })),
);
mails.push({ name: 'claim-letter-fr.pdf', content: readFileSync(join(FIXTURES, 'pdf', 'claim-letter-fr.pdf')) });

export async function openBenchDatabase() {
  const handle = await openDatabase(MEMORY);
  await migrateDatabase(handle);
  await seedDemo(handle.db);
  return handle;
}

/** Mean wall milliseconds per trace step (module type) of these analyses. */
export async function stepMeans(db, ids) {
  const rows = (await db.execute(sql`SELECT module, avg(duration_ms)::float AS ms FROM analysis_trace WHERE analysis_id IN ${ids} GROUP BY module ORDER BY module`)).rows;
  return Object.fromEntries(rows.map((row) => [row.module, row.ms]));
}

/** The demo environment's seeded modules (its configurations included). */
export async function seededModules(db) {
  const row = (await db.execute(sql`SELECT settings FROM environments WHERE id = ${ENV}`)).rows[0];
  return row.settings.modules;
}

export function pipelineMeter(db, rounds) {
  const secrets = createSecretBox('bench-secret-of-at-least-32-bytes!!');
  const nlu = createNluRuntime({ startupMs: 0 });
  /** One batch through these modules: counts, wall seconds, process CPU seconds, and the stored rows. */
  return async function measure(modules) {
    // The seeded reply templates stay: the reply template step drafts with them (settings, not module config).
    const stored = (await db.execute(sql`SELECT settings FROM environments WHERE id = ${ENV}`)).rows[0].settings;
    await setSettings(db, ENV, { languages: ['fr', 'gb'], extractor: { parser: { global: { useCache: false } } }, modules, replyTemplates: stored.replyTemplates ?? [] });
    // The server's own poll (1 s): a shorter one only adds the idle delivery worker's statements, a
    // cost per second no server pays, to a figure per analysis. Queued work wakes the workers at once.
    // Every file once first, as the raw parse warms its thread with each: the fresh parse thread's
    // start and the compiling of its hot code are not counted.
    const ends = runEnds();
    const pipeline = startPipeline({ db, secrets, nlu, log: ends.log }, { workers: 1 });
    for (const mail of mails) await queueAnalysis(db, ENV, [mail]);
    notifyQueued();
    await ends.until(mails.length);
    const ids = [];
    for (let round = 0; round < rounds; round++) {
      for (const mail of mails) ids.push(await queueAnalysis(db, ENV, [mail], { state: { status: 'aborted' } }));
    }
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await db.update(analyses).set({ status: 'waiting' }).where(inArray(analyses.id, ids));
    notifyQueued();
    await ends.until(mails.length + ids.length);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await pipeline.stop();
    const rows = await db.select({ status: analyses.status, modules: analyses.modules }).from(analyses).where(inArray(analyses.id, ids));
    return { ids, count: ids.length, processed: rows.filter((row) => row.status === 'processed').length, rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  };
}

/**
 * The same run's yardstick: these files parsed `rounds` times by one parse thread as a pipeline
 * worker parses them (MeteredParser), with no database, claim or module around them. Pipeline figures
 * are printed beside it, so a slower or busier machine moves both and the ratio still compares runs.
 */
export async function measureRawParse(files, rounds) {
  const parser = new MeteredParser();
  await parser.warmUp();
  for (const file of files) await parser.parse(file.name, file.content);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < rounds; round++) for (const file of files) await parser.parse(file.name, file.content);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  parser.close();
  return { count: files.length * rounds, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

export function rawParseLine(raw) {
  return `raw parse (same files, same process, no database): ${raw.count} files in ${raw.seconds.toFixed(2)} s; process CPU ${raw.cpuSeconds.toFixed(2)} s → ${(raw.count / raw.cpuSeconds).toFixed(1)} files per CPU-second`;
}
