/** Test runs as the API answers them (src/contract/testing-runs.ts): the list's summaries and one run's details. */
import { and, desc, eq, getTableColumns, gte, inArray, sql } from 'drizzle-orm';
import { atLeast, type ProjectRights } from '../../src/contract/define';
import type { EvaluationKind } from '../../src/contract/testing-evaluation';
import type { TestingCenterParameters } from '../../src/contract/testing-center';
import type { TestRunDetail, TestRunSummary } from '../../src/contract/testing-runs';
import type { Database } from '../db/open';
import { bankMessages, users } from '../db/schema';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { HttpError } from '../http-error';
import { readParameters } from './launch-test-run';

type RunRow = typeof testingRuns.$inferSelect;
type Counts = TestRunSummary['counts'];

/**
 * Which classification kinds a caller sees: private kinds (parameters, read now) only from configurator
 * (or with the operations capability) up. Every answer about runs goes through it, the list's headline
 * micro F1 as much as a run's values and metrics.
 */
export function visibleKinds(parameters: TestingCenterParameters, rights: ProjectRights | null): (kind: EvaluationKind) => boolean {
  const seesPrivate = rights !== null && (atLeast(rights.profile, 'configurator') || rights.capabilities.includes('operations'));
  return (kind) => seesPrivate || parameters.kinds[kind].visibility !== 'private';
}

/** The record's entries of the kinds the caller sees. */
export function pickVisible<T>(record: Partial<Record<EvaluationKind, T>> | null, visible: (kind: EvaluationKind) => boolean): Partial<Record<EvaluationKind, T>> {
  return Object.fromEntries(Object.entries(record ?? {}).filter(([kind]) => visible(kind as EvaluationKind))) as Partial<Record<EvaluationKind, T>>;
}

/** A run with its author's name and, for a run of one, its message's name (its only row's, as at launch). */
interface RunWithNames {
  run: RunRow;
  author: string | null;
  messageName: string | null;
}

/** Selects a run with the names its summary shows (see RunWithNames). */
function selectRuns(db: Database) {
  return db
    .select({ run: testingRuns, author: users.username, messageName: testingRunMessages.name })
    .from(testingRuns)
    .leftJoin(users, eq(users.id, testingRuns.createdBy))
    .leftJoin(testingRunMessages, and(eq(testingRunMessages.runId, testingRuns.id), eq(testingRunMessages.messageId, testingRuns.messageId)));
}

function summaryOf({ run: row, author, messageName }: RunWithNames, counts: Counts, visible: (kind: EvaluationKind) => boolean): TestRunSummary {
  return {
    id: row.id,
    status: row.status,
    environmentId: row.environmentId,
    environmentName: row.environmentName,
    setId: row.setId,
    setName: row.setName,
    messageId: row.messageId,
    messageName,
    versionId: row.versionId,
    versionName: row.versionName,
    total: row.total,
    done: row.done,
    counts,
    // The categories' figure: none for a caller who may not see that kind (private).
    microF1: visible('categories') ? (row.metrics?.categories?.micro.f1 ?? null) : null,
    error: row.error === null ? null : { code: row.error, params: row.errorParams ?? {} },
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    author,
  };
}

async function countsOf(db: Database, runIds: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (runIds.length === 0) return counts;
  const rows = await db
    .select({ runId: testingRunMessages.runId, status: testingRunMessages.status, count: sql<number>`count(*)::int` })
    .from(testingRunMessages)
    .where(inArray(testingRunMessages.runId, runIds))
    .groupBy(testingRunMessages.runId, testingRunMessages.status);
  for (const row of rows) {
    const entry = counts.get(row.runId) ?? { success: 0, error: 0, timeout: 0 };
    if (row.status !== 'pending') entry[row.status] = row.count;
    counts.set(row.runId, entry);
  }
  return counts;
}

const LIST_LIMIT = 200;

export async function listTestRuns(db: Database, projectId: string, rights: ProjectRights | null): Promise<TestRunSummary[]> {
  const rows = await selectRuns(db)
    .where(eq(testingRuns.projectId, projectId))
    .orderBy(desc(testingRuns.createdAt), desc(testingRuns.id))
    .limit(LIST_LIMIT);
  const counts = await countsOf(db, rows.map((row) => row.run.id));
  const visible = visibleKinds(await readParameters(db, projectId), rights);
  return rows.map((row) => summaryOf(row, counts.get(row.run.id) ?? { success: 0, error: 0, timeout: 0 }, visible));
}

export async function testRunSummary(db: Database, projectId: string, runId: string, rights: ProjectRights | null): Promise<TestRunSummary> {
  const row = await runRow(db, projectId, runId);
  const counts = await countsOf(db, [runId]);
  const visible = visibleKinds(await readParameters(db, projectId), rights);
  return summaryOf(row, counts.get(runId) ?? { success: 0, error: 0, timeout: 0 }, visible);
}

async function runRow(db: Database, projectId: string, runId: string): Promise<RunWithNames> {
  const [row] = await selectRuns(db).where(and(eq(testingRuns.id, runId), eq(testingRuns.projectId, projectId)));
  if (row === undefined) throw new HttpError(404, { message: 'Test not found', code: 'testNotFound' });
  return row;
}

/** A run message's columns but its replay input (megabytes of extracted text, read by the replay answer only). */
const { replayInput: _replayInput, ...resultColumns } = getTableColumns(testingRunMessages);

/**
 * One run with its messages and metrics. Private classification kinds (parameters) are left out for
 * callers below configurator, values and metrics alike.
 */
export async function testRunDetail(db: Database, projectId: string, runId: string, rights: ProjectRights | null, slice: { offset: number; limit?: number } = { offset: 0 }): Promise<TestRunDetail> {
  const named = await runRow(db, projectId, runId);
  const { run } = named;
  // Left join on the bank (same project): a run keeps no foreign key to its messages, which may be gone.
  const query = db
    .select({ message: resultColumns, bankId: bankMessages.id })
    .from(testingRunMessages)
    .leftJoin(bankMessages, and(eq(bankMessages.id, testingRunMessages.messageId), eq(bankMessages.projectId, projectId)))
    .where(and(eq(testingRunMessages.runId, runId), gte(testingRunMessages.position, slice.offset)))
    .orderBy(testingRunMessages.position);
  const rows = slice.limit === undefined ? await query : await query.limit(slice.limit);
  const counts = (await countsOf(db, [runId])).get(runId) ?? { success: 0, error: 0, timeout: 0 };
  const visible = visibleKinds(await readParameters(db, projectId), rights);
  const pick = <T>(record: Partial<Record<EvaluationKind, T>> | null) => pickVisible(record, visible);
  return {
    ...summaryOf(named, counts, visible),
    kinds: run.kinds.filter(visible),
    rules: { v1: run.rulesV1, v2: run.rulesV2 },
    metrics: pick(run.metrics),
    messages: rows.map(({ message, bankId }) => ({
      messageId: message.messageId,
      name: message.name,
      inBank: bankId !== null,
      status: message.status,
      error: message.error === null ? null : { code: message.error, params: message.errorParams ?? {} },
      durationMs: message.durationMs,
      expected: pick(message.expected),
      obtained: pick(message.obtained),
      outcomes: pick(message.outcomes),
      firedRules: message.firedRules ?? [],
    })),
  };
}
