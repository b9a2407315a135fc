/**
 * bench:dashboard: the environment dashboard with BENCH_ANALYSES analyses (default
 * 1 000 000) in one environment of an in-memory PGlite, over the last 365 days: statuses, durations,
 * one in five with a categorization result, one in five with extracted values, one in twenty with a
 * module in error, webhook attempts for one in ten. Times the first rollup of every hour, then each range through the real route
 * (token, permission check, rollup check, reading) beside a plain count(*) of the same analyses in
 * the same run, and prints p50 and p99 of each with the machine.
 */
import { sql } from 'drizzle-orm';
import { createTestServer, signIn } from '../../server/test-support/test-server.ts';
import { rollUp } from '../../server/dashboard/rollup.ts';
import { machineLine } from '../machine.mjs';

const total = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const BATCH = 100_000;
const ENV = 'demo-ic-prod';
const TZ = 'Europe/Paris';

const server = await createTestServer();
const db = server.handle.db;
const ms = (start) => (performance.now() - start).toFixed(0);
try {
  let start = performance.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    // Spread over the last 365 days; ends 0.2 to 60 s after creation; a few still waiting.
    await db.execute(sql`
      insert into analyses (id, environment_id, name, input_type, status, created_at, finished_at, modules)
      select 'b' || i, ${ENV}, 'b' || i, 'email',
             (case when i % 50 = 0 then 'error' when i % 97 = 0 then 'aborted' when i % 1000 = 1 then 'waiting' else 'processed' end)::analysis_status,
             now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second',
             case when i % 1000 = 1 then null
                  else now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second' + (200 + (i::bigint * 7919) % 60000) * interval '1 millisecond' end,
             case when i % 5 = 0 then jsonb_build_array(jsonb_build_object('type', 'categorization', 'name', 'Catégorisation', 'outcome', 'success',
                    'result', jsonb_build_object('documents', jsonb_build_array(jsonb_build_object('categories',
                      jsonb_build_array(jsonb_build_object('category', 'Catégorie ' || (i % 7), 'target', 'body')))))))
                  when i % 20 = 1 then jsonb_build_array(jsonb_build_object('type', 'extraction', 'name', 'Extraction ' || (i % 3), 'outcome', 'error'))
                  -- Extracted values: a city among 40, and a reference unique to each analysis (capped per hour).
                  when i % 5 = 2 then jsonb_build_array(jsonb_build_object('type', 'extraction', 'name', 'Extraction', 'outcome', 'success',
                    'result', jsonb_build_object('scope', 'analysis', 'fields', jsonb_build_object('ville', 'Ville ' || (i % 40), 'reference', 'R' || i))))
                  else '[]'::jsonb end
      from generate_series(${from}::int, ${to}::int) as i`);
    await db.execute(sql`
      insert into analysis_usage (analysis_id, organisation_id, project_id, environment_id, created_at, cpu_ms)
      select a.id, 'demo', 'demo-ic', a.environment_id, a.created_at, 0 from analyses a
      where a.id in (select 'b' || i from generate_series(${from}::int, ${to}::int) as i)`);
  }
  await db.execute(sql`
    insert into webhook_deliveries (id, analysis_id, url, type, attempt, outcome, delivered_at, error_at)
    select 'w' || a.id, a.id, 'https://hooks.example.com', 'analysis', 1,
           (case when a.id like '%3' then 'failed' else 'delivered' end)::delivery_outcome,
           case when a.id like '%3' then null else a.finished_at end, case when a.id like '%3' then a.finished_at end
    from analyses a where a.finished_at is not null and a.id like '%0'`);
  for (const table of ['analyses', 'analysis_usage', 'webhook_deliveries']) await db.execute(sql.raw(`analyze ${table}`));
  const loaded = ms(start);
  start = performance.now();
  await rollUp(db);
  const rolled = ms(start);
  const [{ n: hourRows }] = (await db.execute(sql`select count(*)::int as n from dashboard_hours`)).rows;
  console.log(machineLine(`PGlite in memory, ${total} analyses in one environment over 365 days, ${rounds} calls per range`));
  console.log(`loading ${loaded} ms; first rollup of every hour ${rolled} ms (${hourRows} rows in dashboard_hours)`);

  const headers = { authorization: `Bearer ${await signIn(server.app, 'viewer')}` };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const day = (offset) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const ranges = [
    ['today, per hour', day(0), day(0), 'hour'],
    ['past 7 days, per day', day(-6), day(0), 'day'],
    ['past 3 months, per week', day(-91), day(0), 'week'],
    ['past year, per month', day(-364), day(0), 'month'],
  ];
  const time = async (fn) => {
    const times = [];
    for (let i = 0; i < rounds + 2; i += 1) {
      const t0 = performance.now();
      await fn();
      if (i >= 2) times.push(performance.now() - t0); // the first calls warm up
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    return `p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms`;
  };
  for (const [label, from, to, bucket] of ranges) {
    const url = `/v4/console/api/environment/${ENV}/dashboard?from=${from}&to=${to}&bucket=${bucket}&weekStartsOn=1&tz=${TZ}`;
    let count = 0;
    const dashboard = await time(async () => {
      const response = await server.app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      count = response.json().totals.received;
    });
    const plain = await time(() =>
      db.execute(sql`select count(*) from analyses where environment_id = ${ENV}
        and created_at >= (${from}::date::timestamp at time zone ${TZ})
        and created_at < ((${to}::date + 1)::timestamp at time zone ${TZ})`),
    );
    console.log(`${label.padEnd(26)} ${String(count).padStart(8)} analyses   dashboard ${dashboard}   plain count ${plain}`);
  }
} finally {
  await server.close();
}
