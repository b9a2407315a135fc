/**
 * Creating an analysis: the one way an analysis is stored and queued, used by the console and
 * program routes (multipart uploads and simulated mails) and by the pipeline's tests. The files go
 * in with their SHA-256, the analysis row with its input type, total size and file count, and its
 * row in the usage ledger (consumption/ledger.ts), all in one transaction; then this process's workers
 * are woken (other processes find it by polling).
 */
import { randomUUID } from 'node:crypto';
import { type AnalysisMetadata } from '../../src/contract/analyses';
import { inputTypeOf, type InputType } from '../../src/contract/uploads';
import type { Database } from '../db/open';
import { recordUsage } from '../consumption/ledger';
import { analyses, analysisFiles } from '../db/schema';
import { notifyQueued } from '../pipeline/queue-signal';
import { assertSelfServiceQuota } from '../self-service/quota';
import { sha256InSlices } from '../bytes-in-slices';
import { contentTypeOf } from './content-types';

export interface NewAnalysisFile {
  name: string;
  content: Uint8Array;
  /** Taken from the extension when absent (content-types.ts). */
  contentType?: string;
}

export interface NewAnalysis {
  environmentId: string;
  /** Defaults to the main file's name. */
  name?: string;
  metadata?: AnalysisMetadata;
  manualFinalStatus?: boolean;
  /** Defaults to the family of the main file's extension (§3 Format lists). */
  inputType?: InputType;
  main: NewAnalysisFile;
  attachments?: readonly NewAnalysisFile[];
  /** Who queued it: a signed-in user (console) or an access key (program). */
  createdByUserId?: string | null;
  createdByKeyId?: string | null;
}

export type AnalysisRow = typeof analyses.$inferSelect;

/**
 * What a stored file row holds of an uploaded file, for analyses and the testing center's bank alike:
 * the first file is the main one, the others attachments; type from the extension when not given.
 */
async function storedFileOf(file: NewAnalysisFile, position: number) {
  return {
    role: position === 0 ? ('main' as const) : ('attachment' as const),
    position,
    name: file.name,
    contentType: file.contentType ?? contentTypeOf(file.name),
    size: file.content.byteLength,
    // Up to 50 MB chosen by the sender: hashed a slice at a time (bytes-in-slices.ts).
    sha256: await sha256InSlices(file.content),
    content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
  };
}

/** One file after the other: hashed side by side, 20 files would be 20 slices between two turns. */
export async function storedFilesOf(files: readonly NewAnalysisFile[]) {
  const stored = [];
  for (const [position, file] of files.entries()) stored.push(await storedFileOf(file, position));
  return stored;
}

type AnalysisValues = typeof analyses.$inferInsert;
type FileValues = typeof analysisFiles.$inferInsert;

/** The rows an analysis is stored as (its files with their SHA-256), before they are inserted. */
export async function analysisRows(input: NewAnalysis): Promise<{ analysis: AnalysisValues & { id: string }; files: FileValues[] }> {
  const inputType = input.inputType ?? inputTypeOf(input.main.name);
  // The routes refuse unknown extensions first (uploadProblems); reaching here without one is a bug.
  if (inputType === null) throw new Error(`No input type for "${input.main.name}"`);
  const files = [input.main, ...(input.attachments ?? [])];
  const id = randomUUID();
  return {
    analysis: {
      id,
      environmentId: input.environmentId,
      name: input.name?.trim() || input.main.name,
      inputType,
      metadata: input.metadata ?? {},
      manualFinalStatus: input.manualFinalStatus ?? false,
      createdByUserId: input.createdByUserId ?? null,
      createdByKeyId: input.createdByKeyId ?? null,
      fileCount: files.length,
      sizeBytes: files.reduce((sum, file) => sum + file.content.byteLength, 0),
    },
    files: (await storedFilesOf(files)).map((stored) => ({ id: randomUUID(), analysisId: id, ...stored })),
  };
}

/** Stores the analysis and its files in one transaction, then wakes this process's workers. */
export async function insertAnalysis(db: Database, rows: Awaited<ReturnType<typeof analysisRows>>): Promise<AnalysisRow> {
  const row = await db.transaction(async (tx) => {
    // A light user's use cases share a monthly quota; past it nothing is stored.
    await assertSelfServiceQuota(tx, rows.analysis.environmentId, new Date());
    const [inserted] = await tx.insert(analyses).values(rows.analysis).returning();
    await tx.insert(analysisFiles).values(rows.files);
    // Consumption counts the ledger, which outlives the analysis (deleting gives no quota back).
    const { id, environmentId, createdAt, cpuMs } = inserted!;
    await recordUsage(tx, { analysisId: id, environmentId, createdAt, cpuMs });
    return inserted!;
  });
  notifyQueued();
  return row;
}

export async function createAnalysisRecord(db: Database, input: NewAnalysis): Promise<AnalysisRow> {
  return insertAnalysis(db, await analysisRows(input));
}
