/**
 * The SRE analyses counter (contract: src/contract/sre.ts): one grouped count of the usage ledger
 * over the period, names joined where the project and environment still exist, and each
 * organisation's quota over the contract year holding the period's last day.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnalysesCounter } from '../../src/contract/sre';
import { COUNTER_MAX_DAYS } from '../../src/contract/sre';
import type { ServerContext } from '../context';
import { quotaOn } from '../consumption/count';
import { nextDay } from '../consumption/contract-year';
import { analysisUsage, environments, organisations, projects } from '../db/schema';
import { HttpError } from '../http-error';

const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export async function countAnalyses(ctx: ServerContext, period: { from: string; to: string; tz: string }): Promise<AnalysesCounter> {
  const span = days(period.from, period.to);
  if (span < 1 || span > COUNTER_MAX_DAYS) {
    throw new HttpError(400, { message: `A period covers 1 to ${COUNTER_MAX_DAYS} days`, code: 'invalidCounterPeriod', params: { maxDays: COUNTER_MAX_DAYS } });
  }
  const start = sql`(${period.from}::date::timestamp at time zone ${period.tz})`;
  const end = sql`(${nextDay(period.to)}::date::timestamp at time zone ${period.tz})`;
  const rows = await ctx.db
    .select({
      organisationId: analysisUsage.organisationId,
      projectId: analysisUsage.projectId,
      environmentId: analysisUsage.environmentId,
      projectName: projects.name,
      environmentName: environments.name,
      analyses: sql<number>`count(*)::int`,
    })
    .from(analysisUsage)
    .leftJoin(projects, eq(projects.id, analysisUsage.projectId))
    .leftJoin(environments, eq(environments.id, analysisUsage.environmentId))
    .where(and(gte(analysisUsage.createdAt, start), lt(analysisUsage.createdAt, end)))
    .groupBy(analysisUsage.organisationId, analysisUsage.projectId, analysisUsage.environmentId, projects.name, environments.name);

  const orgas = await ctx.db.select({ id: organisations.id, name: organisations.name }).from(organisations).orderBy(organisations.name);
  const result: AnalysesCounter['organisations'] = [];
  for (const orga of orgas) {
    const own = rows.filter((row) => row.organisationId === orga.id);
    const byProject = new Map<string, AnalysesCounter['organisations'][number]['projects'][number]>();
    for (const row of own) {
      const project = byProject.get(row.projectId) ?? { projectId: row.projectId, name: row.projectName, analyses: 0, environments: [] };
      project.analyses += row.analyses;
      project.environments.push({ environmentId: row.environmentId, name: row.environmentName, analyses: row.analyses });
      byProject.set(row.projectId, project);
    }
    const projectList = [...byProject.values()].sort((a, b) => b.analyses - a.analyses || a.projectId.localeCompare(b.projectId));
    for (const project of projectList) project.environments.sort((a, b) => b.analyses - a.analyses || a.environmentId.localeCompare(b.environmentId));
    const quota = await quotaOn(ctx, orga.id, period.to, period.tz);
    result.push({
      organisationId: orga.id,
      name: orga.name,
      analyses: projectList.reduce((sum, p) => sum + p.analyses, 0),
      ...quota,
      projects: projectList,
    });
  }
  return { from: period.from, to: period.to, organisations: result };
}
