/**
 * bench:consumption: the consumption endpoints with many analyses in PGlite. Puts
 * BENCH_ANALYSES analyses (default 100 000) over two years into the demo environments of an
 * in-memory database, then calls the organisation page (current and previous contract year), the
 * private page and the widget through the real routes (token, permission check, counting), and
 * prints p50 and p99 of each with the machine.
 */
import { sql } from 'drizzle-orm';
import { createTestServer, signIn } from '../../server/test-support/test-server.ts';
import { machineLine } from '../machine.mjs';

const total = Number(process.env.BENCH_ANALYSES ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);

const server = await createTestServer();
try {
  // Spread over the last 730 days, across the four public demo environments, with some CPU time.
  await server.handle.db.execute(sql`
    insert into analyses (id, environment_id, name, input_type, status, cpu_ms, created_at)
    select 'bench-' || i,
           (array['demo-ic-prod','demo-ic-recette','demo-nlu-prod','demo-nlu-recette'])[1 + i % 4],
           'bench ' || i, 'email', 'processed', 50 + i % 400,
           now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${total}) as i`);
  // Consumption counts the usage ledger, which creating an analysis fills (server/consumption/ledger.ts).
  await server.handle.db.execute(sql`
    insert into analysis_usage (analysis_id, organisation_id, project_id, environment_id, created_at, cpu_ms)
    select a.id, p.organisation_id, e.project_id, a.environment_id, a.created_at, a.cpu_ms
    from analyses a join environments e on e.id = a.environment_id join projects p on p.id = e.project_id
    where a.id like 'bench-%'`);
  await server.handle.db.execute(sql`analyze analyses`);
  await server.handle.db.execute(sql`analyze analysis_usage`);
  const headers = { authorization: `Bearer ${await signIn(server.app, 'admin')}` };
  const lastYear = new Date().getFullYear() - 1;
  const routes = [
    ['organisation, current year', '/v4/console/api/organisation/demo/consumption?tz=Europe/Paris'],
    [`organisation, ${lastYear}`, `/v4/console/api/organisation/demo/consumption?year=${lastYear}&tz=Europe/Paris`],
    ['private page (mine)', '/v4/console/api/consumption?tz=Europe/Paris'],
    ['widget (environment, today)', '/v4/console/api/environment/demo-ic-prod/consumption?tz=Europe/Paris'],
  ];
  console.log(machineLine(`PGlite in memory, ${total} analyses, ${rounds} calls per route`));
  for (const [label, url] of routes) {
    const times = [];
    for (let i = 0; i < rounds + 3; i += 1) {
      const start = performance.now();
      const response = await server.app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (i >= 3) times.push(performance.now() - start); // the first calls warm up
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`${label.padEnd(30)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms`);
  }
} finally {
  await server.close();
}
