/**
 * The SRE filters (src/contract/sre-analyses.ts) as one SQL condition over analyses joined to their
 * environment and project: the list and a reprocess by filter read exactly the same rows, so the
 * dry-run count is what the reprocess takes.
 */
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PROJECT_TYPE_OF_KIND, type SreAnalysesFilter, type SreAnalysisKind } from '../../src/contract/sre-analyses';
import { analyses, environments, projects } from '../db/schema';

/** Only the kind's project type: an IC analysis never shows on the core screen and the reverse. */
export function kindCondition(kind: SreAnalysisKind): SQL {
  return eq(projects.type, PROJECT_TYPE_OF_KIND[kind]);
}

export function filterCondition(filter: SreAnalysesFilter): SQL {
  const parts: SQL[] = [kindCondition(filter.kind)];
  if (filter.organisationId !== undefined) parts.push(eq(projects.organisationId, filter.organisationId));
  if (filter.environmentId !== undefined) parts.push(eq(environments.id, filter.environmentId));
  if (filter.status !== undefined && filter.status.length > 0) parts.push(inArray(analyses.status, filter.status));
  if (filter.failedModule !== undefined) {
    // jsonb containment: some module result of the last run has this type and an error outcome.
    const needle = JSON.stringify([{ type: filter.failedModule, outcome: 'error' }]);
    parts.push(sql`${analyses.modules} @> ${needle}::jsonb`);
  }
  if (filter.from !== undefined) parts.push(gte(analyses.createdAt, new Date(filter.from)));
  if (filter.to !== undefined) parts.push(lte(analyses.createdAt, new Date(filter.to)));
  return and(...parts)!;
}

/** The first module of the last run that ended in error, read in the database (results can be large). */
export const failedModuleColumn = sql<string | null>`(
  select m->>'type' from jsonb_array_elements(${analyses.modules}) as m where m->>'outcome' = 'error' limit 1
)`;
