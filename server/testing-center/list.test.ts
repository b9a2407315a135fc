/**
 * The bank list with 10 000 messages in a project: the newest-first page walks its index instead of
 * sorting the project, and each filtered page (tags, text, state, input type) finds the right rows,
 * newest first. What each costs beside a plain count is measured by `npm run bench:bank-list`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/open';
import { openMigratedTestDatabase } from '../test-support/test-database';
import { bankListQuerySchema } from '../../src/contract/testing-center-bank';
import { LARGE_BANK_FILTERS, seedLargeBank } from './large-bank';
import { listBankPage } from './list';

let handle: DatabaseHandle;
/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

beforeAll(async () => {
  handle = await openMigratedTestDatabase();
  await seedLargeBank(handle.db);
}, 120_000);
afterAll(() => handle.close());

describe('bank list with 10 000 messages', () => {
  it('reads the newest page through the project index', async () => {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await handle.db.execute(sql`EXPLAIN SELECT id FROM bank_messages WHERE project_id = 'p1' ORDER BY created_at DESC, id DESC LIMIT 25`),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('bank_messages_project_created_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('answers every filter with the right rows, newest first', async () => {
    for (const { query, total } of LARGE_BANK_FILTERS) {
      const result = await listBankPage(handle.db, 'p1', bankListQuerySchema.parse({ ...query, pageSize: 50 }));
      if (total !== null) expect(result.total, JSON.stringify(query)).toBe(total);
      expect(result.items.length).toBe(Math.min(50, result.total));
      const dates = result.items.map((item) => item.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it('finds a page deep in the list', async () => {
    const page = await listBankPage(handle.db, 'p1', bankListQuerySchema.parse({ page: 100, pageSize: 100 }));
    expect(page.items).toHaveLength(100);
    expect(page.items[0]!.id).toBe('m9901');
  });
});
