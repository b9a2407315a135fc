/**
 * The analyses list of an environment: search, date and status filters, sort and pages, kept fast
 * with 100 000+ analyses (bench/pipeline/list.mjs):
 * - every sort has an index that starts with the environment (schema.ts), so a page reads about
 *   `pageSize` rows (plus the offset);
 * - the search is a substring match through a pg_trgm GIN index: on `lower(name)`, or with metadata
 *   on `search_text` (lower-cased name and metadata values, a generated column). A term matching a
 *   few rows is found through the index; one matching thousands makes the planner walk the sort
 *   index instead and stop at the page. Terms under three characters cannot use trigrams and read
 *   the environment's rows in sort order;
 * - the category filter is a jsonb containment on the stored results summary's final categories,
 *   through a GIN index on them;
 * - the total is counted up to ANALYSES_COUNT_LIMIT and no further (`totalIsEstimate`), and not at
 *   all when the page itself shows where the list ends (a short page).
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ANALYSES_COUNT_LIMIT,
  type AnalysesPage,
  type analysesQuerySchema,
} from '../../src/contract/analyses';
import type { z } from 'zod';
import type { Database } from '../db/open';
import { analyses } from '../db/schema';
import { summaryOf } from './views';

export type AnalysesListQuery = z.output<typeof analysesQuerySchema>;

/** `like` pattern matching `term` anywhere, with the wildcards a user may type taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function conditions(environmentId: string, query: AnalysesListQuery): SQL {
  const parts: SQL[] = [eq(analyses.environmentId, environmentId)];
  const term = query.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    // Each side has its own trigram index (schema.ts); one condition, so the planner's estimate holds.
    parts.push(query.inMetadata ? sql`${analyses.searchText} like ${pattern}` : sql`lower(${analyses.name}) like ${pattern}`);
  }
  if (query.from !== undefined) parts.push(gte(analyses.createdAt, new Date(query.from)));
  if (query.to !== undefined) parts.push(lte(analyses.createdAt, new Date(query.to)));
  if (query.status !== undefined && query.status.length > 0) parts.push(inArray(analyses.status, query.status));
  // Containment on the final categories, which the GIN index `analyses_categories_idx` serves.
  if (query.category !== undefined) parts.push(sql`(${analyses.resultsSummary} -> 'categories') @> ${JSON.stringify([{ name: query.category }])}::jsonb`);
  return and(...parts)!;
}

function ordering(query: AnalysesListQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  switch (query.sort) {
    case 'name':
      return [direction(analyses.name), direction(analyses.id)];
    case 'status':
      return [direction(analyses.status), direction(analyses.createdAt), direction(analyses.id)];
    case 'createdAt':
      return [direction(analyses.createdAt), direction(analyses.id)];
  }
}

const summaryColumns = {
  id: analyses.id,
  name: analyses.name,
  status: analyses.status,
  inputType: analyses.inputType,
  createdAt: analyses.createdAt,
  startedAt: analyses.startedAt,
  finishedAt: analyses.finishedAt,
  anonymizedAt: analyses.anonymizedAt,
  metadata: analyses.metadata,
  manualFinalStatus: analyses.manualFinalStatus,
  awaitingFinalStatus: analyses.awaitingFinalStatus,
  fileCount: analyses.fileCount,
  sizeBytes: analyses.sizeBytes,
  resultsSummary: analyses.resultsSummary,
};

export async function listAnalysesPage(db: Database, environmentId: string, query: AnalysesListQuery): Promise<AnalysesPage> {
  const where = conditions(environmentId, query);
  const offset = (query.page - 1) * query.pageSize;
  const rows = await db
    .select(summaryColumns)
    .from(analyses)
    .where(where)
    .orderBy(...ordering(query))
    .limit(query.pageSize)
    .offset(offset);
  const page = { items: rows.map(summaryOf), page: query.page, pageSize: query.pageSize };
  // A short page is the last one: it says the exact total without counting.
  if (rows.length < query.pageSize && (rows.length > 0 || offset === 0)) {
    return { ...page, total: offset + rows.length, totalIsEstimate: false };
  }
  const total = await countUpToLimit(db, where);
  return { ...page, total: Math.min(total, ANALYSES_COUNT_LIMIT), totalIsEstimate: total > ANALYSES_COUNT_LIMIT };
}

/** Matching rows, counted one past the limit at most: enough to know whether there are more. */
async function countUpToLimit(db: Database, where: SQL): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(analyses)
    .where(where)
    .limit(ANALYSES_COUNT_LIMIT + 1)
    .as('capped');
  const [counted] = await db.select({ total: count() }).from(capped);
  return counted?.total ?? 0;
}
