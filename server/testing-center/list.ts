/**
 * The bank list: search, filters and pages on the server, fast with 10 000 messages per project
 * (list.test.ts seeds that many and checks the plan and the time):
 * - newest first through `bank_messages_project_created_idx`, so a page reads about `pageSize` rows;
 * - the text search is a substring match on `search_text` through its trigram index;
 * - tag filters use the GIN index on the `tags` array (`&&`: at least one of the tags);
 * - state and input type filters have their own (project, column, created) indexes;
 * - the total is an exact count of the matching rows (about a millisecond per thousand in PGlite).
 */
import { and, arrayOverlaps, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BankPage, bankListQuerySchema } from '../../src/contract/testing-center-bank';
import type { Database } from '../db/open';
import { bankMessages } from '../db/schema-testing-center';
import { containsPattern } from '../analyses/list';
import { setCondition } from './sets';
import { bankSummaryOf } from './store';

export type BankListQueryParsed = z.output<typeof bankListQuerySchema>;

export const summaryColumns = {
  id: bankMessages.id,
  name: bankMessages.name,
  inputType: bankMessages.inputType,
  tags: bankMessages.tags,
  qualification: bankMessages.qualification,
  source: bankMessages.source,
  sourceAnalysisId: bankMessages.sourceAnalysisId,
  fileCount: bankMessages.fileCount,
  createdAt: bankMessages.createdAt,
  updatedAt: bankMessages.updatedAt,
};

async function conditions(db: Database, projectId: string, query: BankListQueryParsed): Promise<SQL> {
  const parts: SQL[] = [eq(bankMessages.projectId, projectId)];
  const term = query.search?.trim();
  if (term) parts.push(sql`${bankMessages.searchText} like ${containsPattern(term)}`);
  if (query.tags !== undefined && query.tags.length > 0) parts.push(arrayOverlaps(bankMessages.tags, query.tags));
  if (query.inputType !== undefined && query.inputType.length > 0) parts.push(inArray(bankMessages.inputType, query.inputType));
  if (query.qualification !== undefined && query.qualification.length > 0) parts.push(inArray(bankMessages.qualification, query.qualification));
  if (query.setId !== undefined) parts.push(await setCondition(db, projectId, query.setId));
  return and(...parts)!;
}

export async function listBankPage(db: Database, projectId: string, query: BankListQueryParsed): Promise<BankPage> {
  const where = await conditions(db, projectId, query);
  const offset = (query.page - 1) * query.pageSize;
  const rows = await db
    .select(summaryColumns)
    .from(bankMessages)
    .where(where)
    .orderBy(desc(bankMessages.createdAt), desc(bankMessages.id))
    .limit(query.pageSize)
    .offset(offset);
  const page = { items: rows.map(bankSummaryOf), page: query.page, pageSize: query.pageSize };
  // A short page is the last one: it gives the total without counting.
  if (rows.length < query.pageSize && (rows.length > 0 || offset === 0)) return { ...page, total: offset + rows.length };
  const [counted] = await db.select({ total: count() }).from(bankMessages).where(where);
  return { ...page, total: counted?.total ?? 0 };
}

/** Every tag of the project's bank with how many messages carry it, most used first. */
export async function listTags(db: Database, projectId: string): Promise<{ tag: string; count: number }[]> {
  const tag = sql<string>`unnest(${bankMessages.tags})`.as('tag');
  const tagged = db.select({ tag }).from(bankMessages).where(eq(bankMessages.projectId, projectId)).as('tagged');
  const rows = await db
    .select({ tag: tagged.tag, count: count() })
    .from(tagged)
    .groupBy(tagged.tag)
    .orderBy(desc(count()), tagged.tag);
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}
