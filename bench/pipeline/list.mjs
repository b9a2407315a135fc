/**
 * bench:pipeline, list half: the analyses list endpoint with 100 000 analyses in one
 * environment of an in-memory PGlite. The rows go in with one INSERT … SELECT generate_series, then
 * the real app (JWT check, permission check, query parsing, the list query and its capped count,
 * response validation) answers realistic queries through `inject`: first page, a later page, name
 * searches (selective and broad), a metadata search, a status filter, a date range, a sort by name.
 * Prints p50 and p99 per query and over all, with the machine. Target: p99 under 50 ms.
 *
 * BENCH_LIST_ROWS (default 100000) and BENCH_LIST_ITERATIONS (per query, default 150) tune it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { MEMORY, openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { DEMO_PASSWORD } from '../../server/db/seed-data.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { machineLine } from '../machine.mjs';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_LIST_ITERATIONS ?? 150);
const WARMUP = 15;
const TARGET_P99_MS = 50;
const ENV = 'demo-ic-prod';

const handle = await openDatabase(MEMORY);
await migrateDatabase(handle);
await seedDemo(handle.db);

// One analysis every five minutes over the last year: eight kinds of document, eight customers,
// mostly processed, some errors and aborts, the newest still waiting or running.
let started = performance.now();
await handle.db.execute(sql`
  insert into analyses (id, environment_id, name, status, input_type, metadata, created_at, started_at, finished_at, file_count, size_bytes)
  select
    'bench-' || g,
    ${ENV},
    (array['Invoice','Order','Claim','Quote','Complaint','Delivery note','Contract','Payslip'])[1 + g % 8]
      || ' ' || to_char(g, 'FM000000') || ' '
      || (array['ACME','Globex','Initech','Umbrella','Stark','Wayne','Hooli','Soylent'])[1 + (g / 8) % 8],
    (case when g <= 20 then 'waiting' when g <= 25 then 'pending' when g % 50 = 0 then 'error'
          when g % 97 = 0 then 'aborted' else 'processed' end)::analysis_status,
    (array['email','document','simulatedMail'])[1 + g % 3]::analysis_input_type,
    jsonb_build_object('customer', 'CUST-' || (g % 5000), 'channel', (array['mail','api','scan'])[1 + g % 3]),
    now() - g * interval '5 minutes',
    now() - g * interval '5 minutes' + interval '2 seconds',
    case when g > 25 then now() - g * interval '5 minutes' + interval '4 seconds' end,
    1 + g % 4,
    20000 + g % 300000
  from generate_series(1, ${ROWS}) g`);
const seededMs = performance.now() - started;
// What autovacuum would have done on a server by the time an environment holds this much.
await handle.db.execute(sql`vacuum analyze analyses`);

const app = buildApp({
  db: handle.db,
  jwtSecret: 'postroom-bench-secret-of-at-least-32-bytes',
  mailer: createMailer({ outboxDir: os.tmpdir() }),
});
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin', password: DEMO_PASSWORD } });
const headers = { authorization: `Bearer ${login.json().token}` };

const pick = (values) => values[Math.floor(Math.random() * values.length)];
const randomInt = (max) => Math.floor(Math.random() * max);
const day = 24 * 3600 * 1000;
const now = Date.now();

/** Each query builds a fresh query string per call, so no two requests are quite alike. */
const QUERIES = {
  'first page': () => '',
  'later page (page 200 of 25)': () => `page=${190 + randomInt(20)}`,
  'search, selective (number)': () => `search=${String(1 + randomInt(ROWS)).padStart(6, '0')}`,
  'search, broad (kind of document)': () => `search=${pick(['invoice', 'order', 'claim', 'quote'])}`,
  'search in metadata (customer)': () => `search=cust-${randomInt(5000)}&inMetadata=true`,
  'status filter (error)': () => `status=${pick(['error', 'error,aborted'])}`,
  'date range (one week)': () => {
    const from = now - randomInt(300) * day;
    return `from=${new Date(from).toISOString()}&to=${new Date(from + 7 * day).toISOString()}`;
  },
  'sort by name, 100 a page': () => `sort=name&order=${pick(['asc', 'desc'])}&pageSize=100&page=${1 + randomInt(5)}`,
};

async function timeQuery(build, path = `/v4/console/api/environment/${ENV}/analyses`) {
  const times = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i += 1) {
    const query = build();
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url: `${path}?${query}`, headers });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
    if (i >= WARMUP) times.push(elapsed);
  }
  return times;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => ms.toFixed(1).padStart(6);

console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
console.log(`list: ${ROWS} analyses in one environment of an in-memory PGlite (inserted in ${(seededMs / 1000).toFixed(1)} s); ${ITERATIONS} requests per query through app.inject`);
const all = [];
for (const [label, build] of Object.entries(QUERIES)) {
  const times = (await timeQuery(build)).sort((a, b) => a - b);
  all.push(...times);
  console.log(`  ${label.padEnd(34)} p50 ${fmt(percentile(times, 50))} ms   p99 ${fmt(percentile(times, 99))} ms`);
}
all.sort((a, b) => a - b);
// What any authenticated environment route costs (token, user, permission checks), for comparison.
const baseline = (await timeQuery(() => '', `/v4/console/api/environment/${ENV}`)).sort((a, b) => a - b);
const p99 = percentile(all, 99);
console.log(`  ${'all queries'.padEnd(34)} p50 ${fmt(percentile(all, 50))} ms   p99 ${fmt(p99)} ms   (target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'})`);
console.log(`  ${'baseline: GET the environment'.padEnd(34)} p50 ${fmt(percentile(baseline, 50))} ms   p99 ${fmt(percentile(baseline, 99))} ms   (auth and permission checks only)`);

await app.close();
await handle.close();
