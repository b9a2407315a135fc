/**
 * Counting analyses for consumption, from the usage ledger (`analysis_usage`, ledger.ts) rather than
 * the `analyses` table: deleting an analysis, an environment or a project gives no quota back and
 * removes nothing from the footprint. Every analysis created in the period counts for the quota
 * whatever its outcome (the platform did the work, or was asked to); its CPU time counts for the
 * footprint from 24 April 2025 on. Days are those of the caller's time zone. The ledger's
 * (organisation_id, created_at) and (environment_id, created_at) indexes serve the range scans.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Co2Method, OrganisationConsumption } from '../../src/contract/consumption';
import type { Principal } from '../auth/guard';
import { opensProject, rightsOn } from '../auth/permissions';
import type { ServerContext } from '../context';
import { analysisUsage, organisations, projects } from '../db/schema';
import { HttpError } from '../http-error';
import { footprint } from './co2';
import { contractYear, contractYearOn, monthsOf, nextDay } from './contract-year';

/** Analyses created from `from` (inclusive) to `to` (inclusive), as days of `tz`. */
function createdBetween(from: string, to: string, tz: string) {
  return sql`${analysisUsage.createdAt} >= (${from}::date::timestamp at time zone ${tz}) and ${analysisUsage.createdAt} < (${nextDay(to)}::date::timestamp at time zone ${tz})`;
}

function co2CpuMs(method: Co2Method, tz: string) {
  return sql<number>`coalesce(sum(${analysisUsage.cpuMs}) filter (where ${analysisUsage.createdAt} >= (${method.since}::date::timestamp at time zone ${tz})), 0)::float8`;
}

export async function organisationRow(ctx: ServerContext, organisationId: string) {
  const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (row === undefined) throw new HttpError(404, { message: 'Organisation not found', code: 'organisationNotFound' });
  return row;
}

/** Analyses of the organisation's contract year holding `date`, for the quota. */
export async function quotaOn(ctx: ServerContext, organisationId: string, date: string, tz: string) {
  const orga = await organisationRow(ctx, organisationId);
  const year = contractYearOn(orga.contractStartDate, date);
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analysisUsage)
    .where(and(eq(analysisUsage.organisationId, organisationId), createdBetween(year.start, year.end, tz)));
  const used = row?.n ?? 0;
  return {
    contractYear: year,
    quota: { yearlyQuota: orga.yearlyQuota, used, left: orga.yearlyQuota === null ? null : orga.yearlyQuota - used },
  };
}

/** Analyses of one environment on one day of `tz`. */
export async function environmentAnalysesOn(ctx: ServerContext, environmentId: string, date: string, tz: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analysisUsage)
    .where(and(eq(analysisUsage.environmentId, environmentId), createdBetween(date, date, tz)));
  return row?.n ?? 0;
}

/** Contract years from the one of the organisation's first analysis up to the current one, newest first. */
async function yearsWithData(ctx: ServerContext, organisationId: string, startDate: string, today: string, tz: string) {
  // The organisation's oldest usage, read from the start of its (organisation_id, created_at) index.
  const [row] = await ctx.db
    .select({ first: sql<string | null>`to_char(min(${analysisUsage.createdAt}) at time zone ${tz}, 'YYYY-MM-DD')` })
    .from(analysisUsage)
    .where(eq(analysisUsage.organisationId, organisationId));
  const current = contractYearOn(startDate, today).year;
  const first = row?.first ? Math.min(contractYearOn(startDate, row.first).year, current) : current;
  const years: number[] = [];
  for (let year = current; year >= first; year -= 1) years.push(year);
  return years;
}

export interface ConsumptionRequest {
  organisationId: string;
  /** Contract year by the calendar year it starts in; the one holding `today` when absent. */
  year?: number;
  today: string;
  tz: string;
  method: Co2Method;
  /** Who asks: per-project figures name only the projects this caller may see. */
  principal: Principal;
}

export async function organisationConsumption(ctx: ServerContext, input: ConsumptionRequest): Promise<OrganisationConsumption> {
  const { organisationId, tz, method } = input;
  const orga = await organisationRow(ctx, organisationId);
  const year =
    input.year === undefined ? contractYearOn(orga.contractStartDate, input.today) : contractYear(orga.contractStartDate, input.year);
  const buckets = monthsOf(year);
  const monthIndex = new Map(buckets.map((bucket, index) => [bucket.month, index]));

  const rows = await ctx.db
    .select({
      month: sql<string>`to_char(${analysisUsage.createdAt} at time zone ${tz}, 'YYYY-MM')`,
      projectId: analysisUsage.projectId,
      analyses: sql<number>`count(*)::int`,
      co2CpuMs: co2CpuMs(method, tz),
    })
    .from(analysisUsage)
    .where(and(eq(analysisUsage.organisationId, organisationId), createdBetween(year.start, year.end, tz)))
    .groupBy(sql`1`, sql`2`);

  const projectRows = await ctx.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.organisationId, organisationId));
  const visibleNames = new Map<string, string>();
  for (const project of projectRows) {
    if (opensProject(await rightsOn(ctx, input.principal, organisationId, project.id))) {
      visibleNames.set(project.id, project.name);
    }
  }

  const months = buckets.map((bucket) => ({ ...bucket, analyses: 0, cpuMs: 0 }));
  const perProject = new Map<string | null, { analyses: number; cpuMs: number; perMonth: number[] }>();
  for (const row of rows) {
    const index = monthIndex.get(row.month);
    if (index === undefined) continue;
    const month = months[index]!;
    month.analyses += row.analyses;
    month.cpuMs += Number(row.co2CpuMs);
    // Projects the caller may not see, and deleted ones (their usage stays in the ledger), are
    // counted together, unnamed.
    const key = visibleNames.has(row.projectId) ? row.projectId : null;
    const entry = perProject.get(key) ?? { analyses: 0, cpuMs: 0, perMonth: buckets.map(() => 0) };
    entry.analyses += row.analyses;
    entry.cpuMs += Number(row.co2CpuMs);
    entry.perMonth[index]! += row.analyses;
    perProject.set(key, entry);
  }

  const used = months.reduce((sum, month) => sum + month.analyses, 0);
  const cpuMs = months.reduce((sum, month) => sum + month.cpuMs, 0);
  return {
    organisationId,
    organisationName: orga.name,
    contractStartDate: orga.contractStartDate,
    contractYear: year,
    years: await yearsWithData(ctx, organisationId, orga.contractStartDate, input.today, tz),
    quota: { yearlyQuota: orga.yearlyQuota, used, left: orga.yearlyQuota === null ? null : orga.yearlyQuota - used },
    months: months.map(({ month, from, to, analyses: count, cpuMs: ms }) => ({
      month,
      from,
      to,
      analyses: count,
      co2: footprint(ms, method),
    })),
    projects: [...perProject.entries()]
      .map(([projectId, entry]) => ({
        projectId,
        name: projectId === null ? null : (visibleNames.get(projectId) ?? null),
        analyses: entry.analyses,
        perMonth: entry.perMonth,
        co2: footprint(entry.cpuMs, method),
      }))
      // Busiest first; the unnamed remainder last.
      .sort((a, b) => (a.projectId === null ? 1 : b.projectId === null ? -1 : b.analyses - a.analyses)),
    co2: footprint(cpuMs, method),
    method,
  };
}
