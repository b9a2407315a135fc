/**
 * Sets of bank messages: by tags (every message carrying at least one of the set's tags, now and
 * later) or by hand (the messages chosen, rows in bank_set_messages). `setMessageStates` is what the
 * qualification screen walks; the bank list filters a set with the same condition (`setCondition`).
 */
import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { BankSet, QualificationState } from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { bankMessages, bankSetMessages, bankSets } from '../db/schema-testing-center';
import { HttpError } from '../http-error';
import { isUniqueViolation } from '../db/unique-violation';
import { cleanTags } from './store';

type SetRow = typeof bankSets.$inferSelect;

function setNotFound(setId: string): HttpError {
  return new HttpError(404, { message: 'Set not found', code: 'setNotFound', setId });
}

async function setOf(db: Database, projectId: string, setId: string): Promise<SetRow> {
  const [row] = await db.select().from(bankSets).where(and(eq(bankSets.projectId, projectId), eq(bankSets.id, setId)));
  if (row === undefined) throw setNotFound(setId);
  return row;
}

/** The condition on bank_messages that selects the set's messages. */
export async function setCondition(db: Database, projectId: string, setId: string): Promise<SQL> {
  const set = await setOf(db, projectId, setId);
  if (set.kind === 'tags') return arrayOverlaps(bankMessages.tags, set.tags);
  return inArray(bankMessages.id, db.select({ id: bankSetMessages.messageId }).from(bankSetMessages).where(eq(bankSetMessages.setId, set.id)));
}

/** The set's message ids, oldest first, each with its qualification state (the qualification screen's progress). */
export async function setMessageStates(db: Database, projectId: string, setId: string): Promise<{ ids: string[]; states: QualificationState[] }> {
  const condition = await setCondition(db, projectId, setId);
  const rows = await db
    .select({ id: bankMessages.id, qualification: bankMessages.qualification })
    .from(bankMessages)
    .where(and(eq(bankMessages.projectId, projectId), condition))
    .orderBy(asc(bankMessages.createdAt), asc(bankMessages.id));
  return { ids: rows.map((row) => row.id), states: rows.map((row) => row.qualification) };
}

async function messageCount(db: Database, projectId: string, set: SetRow): Promise<number> {
  const condition = await setCondition(db, projectId, set.id);
  const [row] = await db.select({ n: count() }).from(bankMessages).where(and(eq(bankMessages.projectId, projectId), condition));
  return Number(row?.n ?? 0);
}

async function view(db: Database, projectId: string, set: SetRow): Promise<BankSet> {
  return {
    id: set.id,
    name: set.name,
    kind: set.kind,
    tags: set.tags,
    messageCount: await messageCount(db, projectId, set),
    createdAt: new Date(set.createdAt).toISOString(),
  };
}

export async function listSets(db: Database, projectId: string): Promise<BankSet[]> {
  const rows = await db.select().from(bankSets).where(eq(bankSets.projectId, projectId)).orderBy(asc(bankSets.name));
  return Promise.all(rows.map((row) => view(db, projectId, row)));
}

export type NewSet = { name: string } & ({ kind: 'tags'; tags: string[] } | { kind: 'manual'; messageIds: string[] });

export async function createSet(db: Database, projectId: string, input: NewSet): Promise<BankSet> {
  const id = randomUUID();
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(bankSets)
        .values({ id, projectId, name: input.name, kind: input.kind, tags: input.kind === 'tags' ? cleanTags(input.tags) : [] })
        .returning();
      if (input.kind === 'manual') {
        // Only messages of this project's bank join; unknown ids are left out silently.
        const ids = [...new Set(input.messageIds)];
        const own = await tx
          .select({ id: bankMessages.id })
          .from(bankMessages)
          .where(and(eq(bankMessages.projectId, projectId), inArray(bankMessages.id, ids)));
        if (own.length > 0) await tx.insert(bankSetMessages).values(own.map((message) => ({ setId: id, messageId: message.id })));
      }
      return inserted!;
    });
    return view(db, projectId, row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, { message: `A set named "${input.name}" already exists`, code: 'setNameTaken', name: input.name });
    }
    throw error;
  }
}

export async function deleteSet(db: Database, projectId: string, setId: string): Promise<void> {
  const deleted = await db
    .delete(bankSets)
    .where(and(eq(bankSets.projectId, projectId), eq(bankSets.id, setId)))
    .returning({ id: bankSets.id });
  if (deleted.length === 0) throw setNotFound(setId);
}
