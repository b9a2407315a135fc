/**
 * Copying production analyses into the bank ("add to testing center", §7.3, and sampling): the
 * analysis' original files, its input type and name, and what its pipeline obtained as a starting
 * point for the expected values (every kind left unqualified: a qualifier confirms them).
 * An analysis already in the project's bank is not copied twice.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { CLASSIFICATION_KINDS, type ExpectedValues, type TestingCenterParameters } from '../../src/contract/testing-center';
import { obtainedFromModules } from '../../src/testing-center/obtained';
import type { AnalysisRow } from '../analyses/create';
import type { Database } from '../db/open';
import { analysisFiles } from '../db/schema';
import { bankMessages } from '../db/schema-testing-center';
import { HttpError } from '../http-error';
import { insertBankMessage, type BankMessageRow } from './store';

/** The obtained values of an analysis as unqualified expectations. */
export function startingExpectations(analysis: Pick<AnalysisRow, 'modules'>): ExpectedValues {
  const obtained = obtainedFromModules(analysis.modules);
  const expected: ExpectedValues = {};
  for (const kind of CLASSIFICATION_KINDS) {
    const values = obtained[kind] ?? [];
    if (values.length > 0) expected[kind] = { qualified: false, values };
  }
  return expected;
}

/** Which of these analyses are already in the project's bank. */
export async function analysesInBank(db: Database, projectId: string, analysisIds: readonly string[]): Promise<Map<string, BankMessageRow>> {
  if (analysisIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bankMessages)
    .where(and(eq(bankMessages.projectId, projectId), isNotNull(bankMessages.sourceAnalysisId), inArray(bankMessages.sourceAnalysisId, [...analysisIds])));
  return new Map(rows.map((row) => [row.sourceAnalysisId!, row]));
}

export async function copyAnalysisToBank(
  db: Database,
  projectId: string,
  analysis: AnalysisRow,
  options: { tags: string[]; source: 'analysis' | 'sampling'; parameters: TestingCenterParameters },
): Promise<BankMessageRow> {
  if (analysis.anonymizedAt !== null) {
    throw new HttpError(409, { message: 'This analysis was anonymized and cannot be opened', code: 'analysisAnonymized' });
  }
  const files = await db.select().from(analysisFiles).where(eq(analysisFiles.analysisId, analysis.id)).orderBy(asc(analysisFiles.position));
  const [main, ...attachments] = files.map((file) => {
    if (file.content === null) throw new HttpError(409, { message: 'This analysis was anonymized and cannot be opened', code: 'analysisAnonymized' });
    return { name: file.name, content: file.content, contentType: file.contentType };
  });
  if (main === undefined) throw new HttpError(409, { message: 'The analysis has no file to copy', code: 'analysisWithoutFiles' });
  return insertBankMessage(
    db,
    {
      projectId,
      name: analysis.name,
      // A simulated mail is stored as the .eml it was composed into: it is an email for the bank.
      inputType: analysis.inputType === 'simulatedMail' ? 'email' : analysis.inputType,
      main,
      attachments,
      tags: options.tags,
      source: options.source,
      sourceAnalysisId: analysis.id,
      expected: startingExpectations(analysis),
    },
    options.parameters,
  );
}
