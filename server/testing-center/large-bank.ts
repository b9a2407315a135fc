/**
 * A message bank of 10 000 messages in one project (and 2 000 in another), for the bank list's test
 * and its benchmark (bench/testing-center/bank-list.mjs): tags from a pool of 50 and 7 lots, a
 * quarter qualified, one message a second back in time.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { organisations, projects } from '../db/schema';

export const LARGE_BANK_COUNT = 10_000;

/** The filters a user combines on the bank list, with the total each must find (null: not checked). */
export const LARGE_BANK_FILTERS = [
  { query: {}, total: LARGE_BANK_COUNT },
  { query: { tags: ['tag-7'] }, total: LARGE_BANK_COUNT / 50 },
  { query: { search: 'message-4242.' }, total: 1 },
  { query: { qualification: ['qualified'] }, total: LARGE_BANK_COUNT / 4 },
  { query: { inputType: ['document'], tags: ['lot-3'] }, total: null },
] as const;

export async function seedLargeBank(db: Database): Promise<void> {
  await db.insert(organisations).values({ id: 'o1', name: 'Orga' });
  await db.insert(projects).values([
    { id: 'p1', organisationId: 'o1', name: 'Big bank', type: 'NLU' },
    { id: 'p2', organisationId: 'o1', name: 'Other', type: 'NLU' },
  ]);
  await db.execute(sql`
    INSERT INTO bank_messages (id, project_id, name, input_type, tags, source, qualification, file_count, search_text, created_at)
    SELECT 'm' || i, CASE WHEN i <= ${LARGE_BANK_COUNT} THEN 'p1' ELSE 'p2' END, 'message-' || i || '.eml',
           (CASE WHEN i % 3 = 0 THEN 'document' ELSE 'email' END)::analysis_input_type,
           ARRAY['tag-' || (i % 50), 'lot-' || (i % 7)], 'import',
           (CASE WHEN i % 4 = 0 THEN 'qualified' WHEN i % 4 = 1 THEN 'partiallyQualified' ELSE 'notQualified' END)::bank_qualification_state,
           1, 'message-' || i || '.eml tag-' || (i % 50) || ' lot-' || (i % 7), now() - (i || ' seconds')::interval
    FROM generate_series(1, ${LARGE_BANK_COUNT + 2_000}) AS i`);
  await db.execute(sql`ANALYZE bank_messages`);
}
