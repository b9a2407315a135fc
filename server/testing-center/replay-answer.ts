/**
 * A test run as the browser replays it (src/contract/testing-runs.ts `getTestReplay`): the run's
 * configuration and, per message, its extracted text, expected values and outcomes. The extracted
 * text of a large bank is megabytes a sender wrote: the database gives the messages as one JSON
 * value in UTF-8 bytes and a module worker decodes, checks and encodes the answer (the analysis
 * detail's way, server/analyses/detail.ts), so the thread that answers HTTP only moves bytes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { jsonBytesOf } from '../db/jsonb-parts';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { ownBuffers, plainBytes } from '../module-workers/held-json';
import { sharedModulePool } from '../module-workers/module-pool';
import type { ModuleTask } from '../module-workers/protocol';
import { serializedAnswer } from '../module-workers/serialized-answer';
import type { TestingRunErrorCode } from '../../src/contract/testing-runs';
import { HttpError } from '../http-error';

export async function testReplayJson(db: Database, projectId: string, runId: string): Promise<Buffer> {
  // The head's own columns: the configuration (megabytes for a large one) is read as bytes, not parsed here.
  const [run] = await db
    .select({ id: testingRuns.id, status: testingRuns.status, environmentId: testingRuns.environmentId, kinds: testingRuns.kinds, v1: testingRuns.rulesV1, v2: testingRuns.rulesV2, settingsJson: jsonBytesOf<never>(testingRuns.settings) })
    .from(testingRuns)
    .where(and(eq(testingRuns.id, runId), eq(testingRuns.projectId, projectId)));
  if (run === undefined) throw new HttpError(404, { message: 'Test not found', code: 'testNotFound' });
  const m = testingRunMessages;
  const [messages] = await db
    .select({
      json: jsonBytesOf(
        sql`coalesce(jsonb_agg(jsonb_build_object('messageId', ${m.messageId}, 'name', ${m.name}, 'status', ${m.status}, 'expected', ${m.expected}, 'outcomes', coalesce(${m.outcomes}, '{}'::jsonb), 'input', ${m.replayInput}) ORDER BY ${m.position}), '[]'::jsonb)`,
      ),
    })
    .from(m)
    .where(eq(m.runId, runId));
  const task = {
    kind: 'testReplay',
    head: { id: run.id, status: run.status, environmentId: run.environmentId, kinds: run.kinds, rules: { v1: run.v1, v2: run.v2 } },
    settingsJson: plainBytes(run.settingsJson),
    messagesJson: plainBytes(messages!.json!),
  } satisfies ModuleTask;
  return serializedAnswer(await sharedModulePool().run(task, { transfer: ownBuffers([task.settingsJson, task.messagesJson]) }), 'testReplayTooLarge' satisfies TestingRunErrorCode);
}
