/**
 * bench:bank-list: the message bank list of a project of 10 000 messages (server/testing-center/
 * large-bank.ts), each filter a user combines (tags, text, state, input type) beside a plain count of
 * the project measured in the same run, on in-memory PGlite. Target: a page with its exact total costs
 * at most four plain counts (+ 40 ms), so filtering never becomes a multiple of reading the project.
 * Best of BENCH_ROUNDS (default 5) per query: the machine may be shared.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { machineLine } from '../machine.mjs';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { MEMORY, openDatabase } from '../../server/db/open.ts';
import { LARGE_BANK_FILTERS, seedLargeBank } from '../../server/testing-center/large-bank.ts';
import { listBankPage } from '../../server/testing-center/list.ts';
import { bankListQuerySchema } from '../../src/contract/testing-center-bank.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function best(work) {
  let fastest = Infinity;
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
const handle = await openDatabase(MEMORY);
await migrateDatabase(handle);
await seedLargeBank(handle.db);

const countMs = await best(() => handle.db.execute(sql`SELECT count(*) FROM bank_messages WHERE project_id = 'p1'`));
console.log(`plain count of the project: ${countMs.toFixed(1)} ms (best of ${ROUNDS})`);
let met = 0;
for (const { query } of LARGE_BANK_FILTERS) {
  const ms = await best(() => listBankPage(handle.db, 'p1', bankListQuerySchema.parse({ ...query, pageSize: 50 })));
  const ok = ms < countMs * 4 + 40;
  if (ok) met += 1;
  console.log(`${JSON.stringify(query)}: ${ms.toFixed(1)} ms, ×${(ms / countMs).toFixed(2)} the plain count (target ≤ ×4 + 40 ms: ${ok ? 'met' : 'NOT met'})`);
}
console.log(`${met} of ${LARGE_BANK_FILTERS.length} filters within the target`);
await handle.close();
process.exit(0);
