/** Finding an analysis of an environment, with the §8 refusals every action shares. */
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AnalysisErrorCode } from '../../src/contract/analyses';
import type { Database } from '../db/open';
import { analyses } from '../db/schema';
import { HttpError } from '../http-error';
import type { AnalysisRow } from './create';

export function analysisError(status: number, code: AnalysisErrorCode, message: string): HttpError {
  return new HttpError(status, { message, code });
}

export const analysisNotFound = () => analysisError(404, 'analysisNotFound', 'Analysis not found');

/** 409, not 410: the console reads 410 as an expired password (spec §8). */
export const analysisAnonymized = () =>
  analysisError(409, 'analysisAnonymized', 'This analysis was anonymized and cannot be opened');

const { modules: _modules, searchText: _searchText, ...headColumns } = getTableColumns(analyses);

/**
 * Every column but the module results and the search text. The results of a large mail are many
 * MB of JSON a sender chose: read into the thread that answers HTTP they would hold it for as long
 * as they take to decode, so what only needs to find, check or summarize an analysis reads this.
 */
export const ANALYSIS_HEAD = headColumns;
export type AnalysisHead = Omit<AnalysisRow, 'modules' | 'searchText'>;

/** The analysis of this id in this environment: an id of another environment looks missing. */
export const analysisOfEnvironment = (environmentId: string, analysisId: string) => and(eq(analyses.id, analysisId), eq(analyses.environmentId, environmentId));

/** The analysis without its results, or 404 when it is not in this environment. */
export async function findAnalysis(db: Database, environmentId: string, analysisId: string): Promise<AnalysisHead> {
  const [row] = await db.select(ANALYSIS_HEAD).from(analyses).where(analysisOfEnvironment(environmentId, analysisId));
  if (row === undefined) throw analysisNotFound();
  return row;
}

/** The analysis without its results, refusing one whose content retention removed. */
export async function findOpenableAnalysis(db: Database, environmentId: string, analysisId: string): Promise<AnalysisHead> {
  const row = await findAnalysis(db, environmentId, analysisId);
  if (row.anonymizedAt !== null) throw analysisAnonymized();
  return row;
}

/** The whole analysis, results included, refusing an anonymized one: for the tests that replay them. */
export async function findOpenableAnalysisWithResults(db: Database, environmentId: string, analysisId: string): Promise<AnalysisRow> {
  const [row] = await db.select().from(analyses).where(analysisOfEnvironment(environmentId, analysisId));
  if (row === undefined) throw analysisNotFound();
  if (row.anonymizedAt !== null) throw analysisAnonymized();
  return row;
}
