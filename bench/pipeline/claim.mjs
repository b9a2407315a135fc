/**
 * bench:pipeline, claim half: what one claim costs while one organisation has a backlog, small then
 * large (the large one beside as many analyses awaiting their final status, which are pending but not
 * running), on in-memory PGlite. The peer, measured in the same run and the same database, is the
 * claim that read the whole backlog at every claim (migration 0033's function, created here under
 * another name). The queue starts empty, as a server starts, so the plans the claim keeps for its
 * session are made before the backlog arrives. Each claimed analysis goes back to the end of the
 * queue, so the backlog keeps its size. Target: a claim with 20 000 analyses waiting costs at most
 * twice a claim with 100.
 *
 * BENCH_CLAIM_BACKLOGS (default "100,20000") and BENCH_CLAIM_ITERATIONS (per size and claim, 200).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { MEMORY, openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { machineLine } from '../machine.mjs';

const BACKLOGS = (process.env.BENCH_CLAIM_BACKLOGS ?? '100,20000').split(',').map(Number);
const ITERATIONS = Number(process.env.BENCH_CLAIM_ITERATIONS ?? 200);
const TARGET_RATIO = 2;
const LOCK_KEY = 727_347_002;
// The backlog's organisation (the demo's) has four environments; the claims take from all of them.
const ENVIRONMENTS = ['demo-ic-prod', 'demo-ic-recette', 'demo-nlu-prod', 'demo-nlu-recette'];

const handle = await openDatabase(MEMORY);
await migrateDatabase(handle);
await seedDemo(handle.db);
const db = handle.db;

const wholeQueue = readFileSync(new URL('../../server/db/migrations/0033_claim-function.sql', import.meta.url), 'utf8')
  .replace('FUNCTION postroom_claim_analysis(', 'FUNCTION bench_claim_whole_queue(');
await db.execute(sql.raw(wholeQueue));
const claims = { 'this claim': 'postroom_claim_analysis', 'whole-queue claim (peer)': 'bench_claim_whole_queue' };

/** Milliseconds of one claim; the analysis it took goes back to the end of the queue. */
async function claimOnce(fn) {
  const started = performance.now();
  const result = await db.execute(sql.raw(`SELECT id FROM ${fn}('bench-worker', 60000, 1000000, ${LOCK_KEY})`));
  const ms = performance.now() - started;
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`${fn} claimed nothing`);
  await db.execute(sql`UPDATE analyses SET status = 'waiting', claimed_by = NULL, lease_expires_at = NULL, created_at = clock_timestamp() WHERE id = ${id}`);
  return ms;
}

async function fillBacklog(size, awaiting) {
  await db.execute(sql`DELETE FROM analyses`);
  await db.execute(sql`
    INSERT INTO analyses (id, environment_id, name, status, input_type, manual_final_status, awaiting_final_status, created_at)
    SELECT 'awaiting-' || g, ${ENVIRONMENTS[0]}, 'Awaiting ' || g, 'pending', 'email', true, true, now() - interval '1 day'
    FROM generate_series(1, ${awaiting}) g`);
  await db.execute(sql`
    INSERT INTO analyses (id, environment_id, name, status, input_type, created_at)
    SELECT 'backlog-' || g, (${sql.raw(`ARRAY[${ENVIRONMENTS.map((id) => `'${id}'`).join(',')}]`)})[1 + g % ${ENVIRONMENTS.length}],
      'Mail ' || g, 'waiting', 'email', now() - (${size} - g) * interval '1 second'
    FROM generate_series(1, ${size}) g`);
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
// A first claim of each on an empty queue: the plans of a server that has just started.
for (const fn of Object.values(claims)) await db.execute(sql.raw(`SELECT id FROM ${fn}('bench-worker', 60000, 1000000, ${LOCK_KEY})`));
const medians = {};
for (const size of BACKLOGS) {
  const awaiting = size === BACKLOGS.at(-1) && BACKLOGS.length > 1 ? size : 0;
  await fillBacklog(size, awaiting);
  const times = Object.fromEntries(Object.keys(claims).map((label) => [label, []]));
  for (let i = 0; i < 10; i++) for (const fn of Object.values(claims)) await claimOnce(fn);
  // Interleaved, so both meet the same machine.
  for (let i = 0; i < ITERATIONS; i++) for (const [label, fn] of Object.entries(claims)) times[label].push(await claimOnce(fn));
  for (const [label, values] of Object.entries(times)) {
    (medians[label] ??= []).push(percentile(values, 50));
    console.log(`backlog ${String(size).padStart(6)} (+${awaiting} awaiting): ${label.padEnd(26)} p50 ${percentile(values, 50).toFixed(2)} ms  p99 ${percentile(values, 99).toFixed(2)} ms per claim`);
  }
}
if (BACKLOGS.length > 1) {
  const [small, large] = [BACKLOGS[0], BACKLOGS.at(-1)];
  for (const [label, values] of Object.entries(medians)) {
    const ratio = values.at(-1) / values[0];
    const verdict = label === 'this claim' ? ` (target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})` : '';
    console.log(`${label}: claim with ${large} waiting (and ${large} awaiting) ÷ with ${small}, p50: ×${ratio.toFixed(2)}${verdict}`);
  }
  console.log(`with ${large} waiting, this claim ÷ the peer, p50: ×${(medians['this claim'].at(-1) / medians['whole-queue claim (peer)'].at(-1)).toFixed(3)}`);
}
await handle.close();
