/**
 * The SRE analyses list (contract: listSreAnalyses): analyses of one project type across
 * organisations, newest first, a page at a time. Counted up to ANALYSES_COUNT_LIMIT like the
 * environment list (server/analyses/list.ts), so a page stays cheap however many analyses match.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ANALYSES_COUNT_LIMIT, type SreAnalysesPage, type SreAnalysis, type sreAnalysesQuerySchema } from '../../src/contract/sre-analyses';
import type { ModuleType } from '../../src/contract/environments';
import type { Database } from '../db/open';
import { analyses, environments, organisations, projects } from '../db/schema';
import { failedModuleColumn, filterCondition } from './analyses-filter';

type Query = z.output<typeof sreAnalysesQuerySchema>;

export async function listSreAnalysesPage(db: Database, query: Query): Promise<SreAnalysesPage> {
  const where = filterCondition(query);
  const offset = (query.page - 1) * query.pageSize;
  const rows = await db
    .select({
      id: analyses.id,
      name: analyses.name,
      status: analyses.status,
      run: analyses.run,
      createdAt: analyses.createdAt,
      finishedAt: analyses.finishedAt,
      anonymizedAt: analyses.anonymizedAt,
      error: analyses.error,
      failedModule: failedModuleColumn,
      organisationId: organisations.id,
      organisationName: organisations.name,
      projectId: projects.id,
      projectName: projects.name,
      environmentId: environments.id,
      environmentName: environments.name,
    })
    .from(analyses)
    .innerJoin(environments, eq(environments.id, analyses.environmentId))
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .innerJoin(organisations, eq(organisations.id, projects.organisationId))
    .where(where)
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(query.pageSize)
    .offset(offset);
  const items: SreAnalysis[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    run: row.run,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    anonymized: row.anonymizedAt !== null,
    organisation: { id: row.organisationId, name: row.organisationName },
    project: { id: row.projectId, name: row.projectName },
    environment: { id: row.environmentId, name: row.environmentName },
    failedModule: (row.failedModule as ModuleType | null) ?? null,
    error: row.error,
  }));
  const page = { items, page: query.page, pageSize: query.pageSize };
  // A short page is the last one: it says the exact total without counting.
  if (rows.length < query.pageSize && (rows.length > 0 || offset === 0)) return { ...page, total: offset + rows.length, totalIsEstimate: false };
  const capped = db
    .select({ one: sql`1` })
    .from(analyses)
    .innerJoin(environments, eq(environments.id, analyses.environmentId))
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .where(where)
    .limit(ANALYSES_COUNT_LIMIT + 1)
    .as('capped');
  const [counted] = await db.select({ total: count() }).from(capped);
  const total = counted?.total ?? 0;
  return { ...page, total: Math.min(total, ANALYSES_COUNT_LIMIT), totalIsEstimate: total > ANALYSES_COUNT_LIMIT };
}
