/**
 * Sampling production analyses into the bank (§9: a maximum count, a date range, and filters or a
 * list of ids). The candidates are the environment's analyses that are not anonymized and match the
 * filters (status, creation date, metadata pairs, obtained categories), or exactly the ids given.
 * Those already in the project's bank are left out; the rest are drawn at random up to the maximum,
 * or, stratified, in proportion to each obtained category's share (largest remainders), so a rare
 * category keeps its place in a small sample.
 *
 * The obtained category of an analysis, for the filter and the strata, is read from its modules in
 * SQL (a JSON path over the categorization results), so the modules' bulk never leaves the database.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { samplingCriteriaSchema, SamplingPreview } from '../../src/contract/testing-center-bank';
import type { Database } from '../db/open';
import { analyses } from '../db/schema';
import { analysesInBank, copyAnalysisToBank } from './from-analysis';
import { readParameters } from './parameters';

export type SamplingCriteriaParsed = z.output<typeof samplingCriteriaSchema>;

/** Candidates read at most (newest first): a sample is drawn from the latest this many matches. */
export const SAMPLING_CANDIDATES_MAX = 20_000;

interface Candidate {
  id: string;
  /** Obtained categories of the body or main document, in pipeline order. */
  categories: string[];
}

const categoriesPath = sql`jsonb_path_query_array(${analyses.modules}, '$[*] ? (@.type == "categorization" && @.outcome == "success").result.documents[*] ? (@.source != "attachment").categories[*].category')`;

function conditions(environmentId: string, criteria: SamplingCriteriaParsed): SQL {
  const parts: SQL[] = [eq(analyses.environmentId, environmentId), isNull(analyses.anonymizedAt)];
  if (criteria.ids.length > 0) {
    parts.push(inArray(analyses.id, criteria.ids));
    return and(...parts)!;
  }
  if (criteria.statuses.length > 0) parts.push(inArray(analyses.status, criteria.statuses));
  if (criteria.from !== undefined) parts.push(gte(analyses.createdAt, new Date(criteria.from)));
  if (criteria.to !== undefined) parts.push(lte(analyses.createdAt, new Date(criteria.to)));
  if (Object.keys(criteria.metadata).length > 0) parts.push(sql`${analyses.metadata} @> ${JSON.stringify(criteria.metadata)}::jsonb`);
  return and(...parts)!;
}

async function candidates(db: Database, environmentId: string, criteria: SamplingCriteriaParsed): Promise<Candidate[]> {
  const rows = await db
    .select({ id: analyses.id, categories: sql<unknown>`${categoriesPath}` })
    .from(analyses)
    .where(conditions(environmentId, criteria))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(SAMPLING_CANDIDATES_MAX);
  const wanted = new Set(criteria.ids.length > 0 ? [] : criteria.categories.map((category) => category.toLowerCase()));
  return rows
    .map((row) => ({ id: row.id, categories: Array.isArray(row.categories) ? row.categories.filter((c): c is string => typeof c === 'string') : [] }))
    .filter((candidate) => wanted.size === 0 || candidate.categories.some((category) => wanted.has(category.toLowerCase())));
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const stratumOf = (candidate: Candidate): string | null => candidate.categories[0] ?? null;

/** Quotas per stratum in proportion to its size (largest remainders), summing to min(count, total). */
export function proportionalQuotas(sizes: ReadonlyMap<string | null, number>, count: number): Map<string | null, number> {
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const target = Math.min(count, total);
  const quotas = new Map<string | null, number>();
  const remainders: { key: string | null; rest: number }[] = [];
  let given = 0;
  for (const [key, size] of sizes) {
    const exact = total === 0 ? 0 : (size * target) / total;
    const whole = Math.min(size, Math.floor(exact));
    quotas.set(key, whole);
    given += whole;
    remainders.push({ key, rest: exact - whole });
  }
  remainders.sort((a, b) => b.rest - a.rest);
  for (const { key } of remainders) {
    if (given >= target) break;
    if (quotas.get(key)! < sizes.get(key)!) {
      quotas.set(key, quotas.get(key)! + 1);
      given += 1;
    }
  }
  return quotas;
}

interface Draw {
  matching: number;
  alreadyInBank: number;
  selected: Candidate[];
}

async function draw(db: Database, projectId: string, environmentId: string, criteria: SamplingCriteriaParsed): Promise<Draw> {
  const found = await candidates(db, environmentId, criteria);
  const inBank = await analysesInBank(db, projectId, found.map((candidate) => candidate.id));
  const fresh = shuffled(found.filter((candidate) => !inBank.has(candidate.id)));
  if (!criteria.stratifyByCategory) return { matching: found.length, alreadyInBank: inBank.size, selected: fresh.slice(0, criteria.maxCount) };
  const strata = new Map<string | null, Candidate[]>();
  for (const candidate of fresh) strata.set(stratumOf(candidate), [...(strata.get(stratumOf(candidate)) ?? []), candidate]);
  const quotas = proportionalQuotas(new Map([...strata].map(([key, list]) => [key, list.length])), criteria.maxCount);
  const selected = [...strata].flatMap(([key, list]) => list.slice(0, quotas.get(key) ?? 0));
  return { matching: found.length, alreadyInBank: inBank.size, selected };
}

function perCategory(selected: readonly Candidate[]): SamplingPreview['perCategory'] {
  const counts = new Map<string | null, number>();
  for (const candidate of selected) counts.set(stratumOf(candidate), (counts.get(stratumOf(candidate)) ?? 0) + 1);
  return [...counts].map(([category, count]) => ({ category, count })).sort((a, b) => b.count - a.count);
}

export async function previewSample(db: Database, projectId: string, environmentId: string, criteria: SamplingCriteriaParsed): Promise<SamplingPreview> {
  const { matching, alreadyInBank, selected } = await draw(db, projectId, environmentId, criteria);
  return { matching, selected: selected.length, alreadyInBank, perCategory: perCategory(selected) };
}

export async function runSample(
  db: Database,
  projectId: string,
  environmentId: string,
  criteria: SamplingCriteriaParsed,
  tags: string[],
): Promise<{ added: number; alreadyInBank: number }> {
  const { alreadyInBank, selected } = await draw(db, projectId, environmentId, criteria);
  const parameters = await readParameters(db, projectId);
  let added = 0;
  for (const candidate of selected) {
    const [analysis] = await db.select().from(analyses).where(eq(analyses.id, candidate.id));
    if (analysis === undefined || analysis.anonymizedAt !== null) continue;
    await copyAnalysisToBank(db, projectId, analysis, { tags, source: 'sampling', parameters });
    added += 1;
  }
  return { added, alreadyInBank };
}
