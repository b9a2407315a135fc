/**
 * Writing bank messages: the one way a message enters the bank (import, "add to testing center",
 * sampling, the demo seed), with its files (stored like analysis files), its tags, its search text
 * and its qualification state computed from the expected values and the project's parameters.
 */
import { randomUUID } from 'node:crypto';
import { qualificationOf, type BankMessageSummary, type ExpectedValues, type TestingCenterParameters } from '../../src/contract/testing-center';
import { inputTypeOf, type InputType } from '../../src/contract/uploads';
import { storedFilesOf, type NewAnalysisFile } from '../analyses/create';
import type { Database } from '../db/open';
import { bankMessageFiles, bankMessages } from '../db/schema-testing-center';

export type BankMessageRow = typeof bankMessages.$inferSelect;

export interface NewBankMessage {
  /** A fixed id (the demo seed); a random one otherwise. */
  id?: string;
  projectId: string;
  /** Defaults to the main file's name. */
  name?: string;
  inputType?: InputType;
  main: NewAnalysisFile;
  attachments?: readonly NewAnalysisFile[];
  tags?: readonly string[];
  source: BankMessageRow['source'];
  sourceAnalysisId?: string | null;
  expected?: ExpectedValues;
  /** Set with qualified expected values (the demo seed). */
  qualifiedByUserId?: string | null;
  createdAt?: Date;
}

/** What the bank's search looks in (schema-testing-center.ts `search_text`). */
export function searchTextOf(name: string, tags: readonly string[], fileNames: readonly string[]): string {
  return [name, ...tags, ...fileNames].join(' ').toLowerCase();
}

/** Tags trimmed, without duplicates, in the order given. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

export async function bankRows(input: NewBankMessage, parameters: TestingCenterParameters) {
  const inputType = input.inputType ?? inputTypeOf(input.main.name);
  if (inputType === null) throw new Error(`No input type for "${input.main.name}"`);
  const files = [input.main, ...(input.attachments ?? [])];
  const id = input.id ?? randomUUID();
  const name = input.name?.trim() || input.main.name;
  const tags = cleanTags(input.tags ?? []);
  const expected = input.expected ?? {};
  const qualification = qualificationOf(expected, parameters);
  const createdAt = input.createdAt ?? new Date();
  return {
    message: {
      id,
      projectId: input.projectId,
      name,
      inputType,
      tags,
      source: input.source,
      sourceAnalysisId: input.sourceAnalysisId ?? null,
      expected,
      qualification,
      qualifiedAt: qualification === 'notQualified' ? null : createdAt,
      qualifiedByUserId: qualification === 'notQualified' ? null : (input.qualifiedByUserId ?? null),
      fileCount: files.length,
      searchText: searchTextOf(name, tags, files.map((file) => file.name)),
      createdAt,
      updatedAt: createdAt,
    },
    files: (await storedFilesOf(files)).map((stored) => ({
      id: input.id === undefined ? randomUUID() : `${id}-file-${stored.position}`,
      messageId: id,
      ...stored,
    })),
  };
}

export async function insertBankMessage(db: Database, input: NewBankMessage, parameters: TestingCenterParameters): Promise<BankMessageRow> {
  const rows = await bankRows(input, parameters);
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(bankMessages).values(rows.message).returning();
    await tx.insert(bankMessageFiles).values(rows.files);
    return inserted!;
  });
}

export function bankSummaryOf(row: Pick<BankMessageRow, keyof BankMessageSummary>): BankMessageSummary {
  return {
    id: row.id,
    name: row.name,
    inputType: row.inputType,
    tags: row.tags,
    qualification: row.qualification,
    source: row.source,
    sourceAnalysisId: row.sourceAnalysisId,
    fileCount: row.fileCount,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
