/**
 * Reading and changing one bank message: its detail (files and expected values), a file's bytes,
 * its expected values (the qualification), and tags or deletion of several messages at once.
 *
 * Private kinds (parameters' visibility) are for configurators: for anyone else the detail leaves
 * them out, and a save keeps whatever the message already held for them.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CLASSIFICATION_KINDS,
  MAX_TAGS,
  qualificationOf,
  type BankMessage,
  type ExpectedValues,
  type TestingCenterParameters,
} from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { bankMessageFiles, bankMessages } from '../db/schema-testing-center';
import { HttpError } from '../http-error';
import { readParameters } from './parameters';
import { bankSummaryOf, cleanTags, searchTextOf, type BankMessageRow } from './store';

export function messageNotFound(messageId: string): HttpError {
  return new HttpError(404, { message: 'Message not found', code: 'messageNotFound', messageId });
}

async function messageRow(db: Database, projectId: string, messageId: string): Promise<BankMessageRow> {
  const [row] = await db.select().from(bankMessages).where(and(eq(bankMessages.projectId, projectId), eq(bankMessages.id, messageId)));
  if (row === undefined) throw messageNotFound(messageId);
  return row;
}

/** The expected values a caller may see: private kinds only for configurators. */
export function visibleExpected(expected: ExpectedValues, parameters: TestingCenterParameters, seesPrivate: boolean): ExpectedValues {
  if (seesPrivate) return expected;
  return Object.fromEntries(Object.entries(expected).filter(([kind]) => parameters.kinds[kind as keyof typeof parameters.kinds].visibility === 'public'));
}

export async function loadBankMessage(db: Database, projectId: string, messageId: string, seesPrivate: boolean): Promise<BankMessage> {
  const row = await messageRow(db, projectId, messageId);
  const parameters = await readParameters(db, projectId);
  const files = await db
    .select({
      id: bankMessageFiles.id,
      role: bankMessageFiles.role,
      position: bankMessageFiles.position,
      name: bankMessageFiles.name,
      contentType: bankMessageFiles.contentType,
      size: bankMessageFiles.size,
    })
    .from(bankMessageFiles)
    .where(eq(bankMessageFiles.messageId, messageId))
    .orderBy(asc(bankMessageFiles.position));
  return {
    ...bankSummaryOf(row),
    files,
    expected: visibleExpected(row.expected, parameters, seesPrivate),
    qualifiedAt: row.qualifiedAt === null ? null : new Date(row.qualifiedAt).toISOString(),
  };
}

export async function loadBankFile(db: Database, projectId: string, messageId: string, fileId: string) {
  await messageRow(db, projectId, messageId);
  const [file] = await db
    .select()
    .from(bankMessageFiles)
    .where(and(eq(bankMessageFiles.messageId, messageId), eq(bankMessageFiles.id, fileId)));
  if (file === undefined) throw new HttpError(404, { message: `File "${fileId}" not found.`, code: 'fileNotFound', file: fileId });
  return file;
}

/** Replaces the expected values; the state follows (§4). Private kinds are kept as they were for non-configurators. */
export async function saveExpected(
  db: Database,
  projectId: string,
  messageId: string,
  expected: ExpectedValues,
  userId: string | null,
  seesPrivate: boolean,
): Promise<void> {
  const row = await messageRow(db, projectId, messageId);
  const parameters = await readParameters(db, projectId);
  const next: ExpectedValues = {};
  for (const kind of CLASSIFICATION_KINDS) {
    const keepOld = !seesPrivate && parameters.kinds[kind].visibility === 'private';
    const value = keepOld ? row.expected[kind] : expected[kind];
    if (value !== undefined) next[kind] = value;
  }
  const qualification = qualificationOf(next, parameters);
  const now = new Date();
  await db
    .update(bankMessages)
    .set({
      expected: next,
      qualification,
      qualifiedAt: qualification === 'notQualified' ? null : now,
      qualifiedByUserId: qualification === 'notQualified' ? null : userId,
      updatedAt: now,
    })
    .where(eq(bankMessages.id, messageId));
}

/** Adds and removes tags on messages of the project; a message keeps at most MAX_TAGS tags. */
export async function tagMessages(db: Database, projectId: string, messageIds: string[], add: string[], remove: string[]): Promise<number> {
  const rows = await db
    .select({ id: bankMessages.id, name: bankMessages.name, tags: bankMessages.tags })
    .from(bankMessages)
    .where(and(eq(bankMessages.projectId, projectId), inArray(bankMessages.id, [...new Set(messageIds)])));
  const removed = new Set(cleanTags(remove));
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const tags = cleanTags([...row.tags, ...add]).filter((tag) => !removed.has(tag));
      if (tags.length > MAX_TAGS) {
        throw new HttpError(400, { message: `A message holds at most ${MAX_TAGS} tags`, code: 'tooManyTags', count: MAX_TAGS });
      }
      if (tags.join('\u0000') === row.tags.join('\u0000')) continue;
      const fileNames = await tx.select({ name: bankMessageFiles.name }).from(bankMessageFiles).where(eq(bankMessageFiles.messageId, row.id));
      await tx
        .update(bankMessages)
        .set({ tags, searchText: searchTextOf(row.name, tags, fileNames.map((file) => file.name)), updatedAt: new Date() })
        .where(eq(bankMessages.id, row.id));
      updated += 1;
    }
  });
  return updated;
}

export async function deleteMessages(db: Database, projectId: string, messageIds: string[]): Promise<number> {
  const deleted = await db
    .delete(bankMessages)
    .where(and(eq(bankMessages.projectId, projectId), inArray(bankMessages.id, [...new Set(messageIds)])))
    .returning({ id: bankMessages.id });
  return deleted.length;
}
