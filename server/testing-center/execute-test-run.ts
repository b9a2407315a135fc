/**
 * Runs a test (launch-test-run.ts created it): each pending message of the run goes through the
 * environment's modules (server/pipeline/run-modules.ts, the loop production analyses use) on the
 * configuration copied at launch, with no analysis row, no trace, no webhook, no delivery and no
 * consumption: nothing of it appears on a production screen. Each message ends success, error or
 * timeout; its obtained values and outcomes are written at once (the progress the screens poll).
 * When every message ended, the metrics are computed and the run is finished.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { obtainedFromModules } from '../../src/testing-center/obtained';
import { evaluateMessage } from '../../src/testing-center/outcomes';
import { metricsByKind } from '../../src/testing-center/metrics';
import type { ModuleResult } from '../../src/contract/analyses';
import { categorizationResultSchema } from '../../src/contract/modules/categorization';
import { pipelineModules } from '../../src/contract/pipeline-modules';
import type { Database } from '../db/open';
import { bankMessageFiles, bankMessages } from '../db/schema-testing-center';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { readSettings } from '../environments/settings';
import type { MeteredParser } from '../pipeline/extractor/metered-parser';
import type { ResultCache } from '../pipeline/extractor/result-cache';
import type { RunContext } from '../pipeline/modules/step';
import { runModules } from '../pipeline/run-modules';
import { renewLease } from './claim-run';
import { jsonbOfParts } from '../db/jsonb-parts';
import { jsonParts } from '../module-workers/held-json';
import type { NluRuntime } from '../nlu/runtime';
import { MeteredOcr } from '../ocr/metered-ocr';
import type { TestMessageObtained, TestRunMessageErrorCode } from '../../src/contract/testing-runs';
import { failureReason } from '../../src/contract/failure-reasons';
import { encodePipelineMessage } from '../../src/contract/pipeline-messages';

export interface ExecuteDeps {
  db: Database;
  parser: MeteredParser;
  /** The files this runner already extracted, for the extractor's `useCache` setting. */
  extracted: ResultCache;
  nlu: NluRuntime;
  /** Longest time one message may take before it ends in `timeout`. */
  messageTimeoutMs: number;
  /** True once the server is stopping: the run stops between messages and resumes at the next start. */
  stopping(): boolean;
  /** This process's claim on the run (claim-run.ts): renewed with each message; lost → the run stops here. */
  claim: { worker: string; leaseMs: number };
}

class MessageTimeout extends Error {}

/** A message that cannot run, with the code the console translates (TEST_RUN_MESSAGE_ERROR_CODES). */
class MessageError extends Error {
  constructor(readonly code: TestRunMessageErrorCode) {
    super(code);
  }
}

type StoredError = { code: TestRunMessageErrorCode; params: Record<string, string | number> };

/** The categorization rule behind each obtained category, for "the rule that fired". */
export function firedRulesOf(modules: readonly ModuleResult[]): { category: string; rule: string }[] {
  const fired: { category: string; rule: string }[] = [];
  for (const module of modules) {
    if (module.type !== 'categorization' || module.outcome !== 'success') continue;
    const parsed = categorizationResultSchema.safeParse(module.result);
    if (!parsed.success) continue;
    for (const document of parsed.data.documents) {
      for (const decision of document.categories) {
        const how = decision.explanation;
        const rule = how.kind === 'rule' ? how.ruleName : how.kind === 'advanced' ? `advanced:${how.line}` : 'default';
        fired.push({ category: decision.category, rule: `${module.name} › ${rule}` });
      }
    }
  }
  return fired;
}

export async function executeTestRun(deps: ExecuteDeps, runId: string): Promise<'finished' | 'stopped' | 'missing'> {
  const { db } = deps;
  const [run] = await db.select().from(testingRuns).where(eq(testingRuns.id, runId));
  if (run === undefined) return 'missing';
  if (run.status === 'finished' || run.status === 'failed') return 'finished';
  if (run.status === 'queued') await db.update(testingRuns).set({ status: 'running', startedAt: new Date() }).where(eq(testingRuns.id, runId));

  const settings = readSettings(run.settings);
  const modules = pipelineModules(settings);
  const rules = { v1: run.rulesV1, v2: run.rulesV2 };
  const pending = await db
    .select({ messageId: testingRunMessages.messageId, name: testingRunMessages.name, expected: testingRunMessages.expected })
    .from(testingRunMessages)
    .where(and(eq(testingRunMessages.runId, runId), eq(testingRunMessages.status, 'pending')))
    .orderBy(asc(testingRunMessages.position));

  for (const message of pending) {
    if (deps.stopping()) return 'stopped';
    const started = performance.now();
    let status: 'success' | 'error' | 'timeout' = 'success';
    let error: StoredError | null = null;
    let obtained: TestMessageObtained = {};
    let fired: { category: string; rule: string }[] = [];
    let replayInput: ReturnType<typeof jsonbOfParts> | null = null;
    // The lease is kept alive while a message runs, not only renewed after it: a message may take
    // longer than the lease (an NLU server starting, a busy machine), and a live process must not
    // lose its run to another. A process that dies stops renewing; another takes over at expiry.
    const heartbeat = setInterval(
      () => void renewLease(db, runId, deps.claim.worker, deps.claim.leaseMs).catch(() => undefined),
      Math.max(1000, Math.floor(deps.claim.leaseMs / 3)),
    );
    try {
      // The deadline is the pipeline's: reading the message from the bank is not counted.
      const loaded = await loadBankMessage(deps.db, message.messageId);
      const working = performance.now();
      const results = await withTimeout(runMessage(deps, runId, run.environmentId, settings, modules, loaded, message.name), deps.messageTimeoutMs);
      // A step that kept the event loop busy past the deadline finishes before the timer can fire:
      // it is late all the same.
      if (performance.now() - working > deps.messageTimeoutMs) throw new MessageTimeout();
      if (results.failure !== null || results.partialFailure !== null) {
        status = 'error';
        error = { code: 'testMessageFailed', params: { detail: results.failure ?? results.partialFailure ?? '' } };
      }
      obtained = obtainedFromModules(results.modules);
      fired = firedRulesOf(results.modules);
      replayInput = replayInputOf(results.modules, loaded.message.createdAt);
    } catch (caught) {
      status = caught instanceof MessageTimeout ? 'timeout' : 'error';
      error =
        caught instanceof MessageTimeout
          ? { code: 'testMessageTimeout', params: { timeoutMs: deps.messageTimeoutMs } }
          : caught instanceof MessageError
            ? { code: caught.code, params: {} }
            : { code: 'testMessageFailed', params: { detail: encodePipelineMessage(failureReason(caught)) } };
    } finally {
      clearInterval(heartbeat);
    }
    const outcomes = evaluateMessage({ messageId: message.messageId, expected: message.expected, obtained }, run.kinds, rules);
    // Written only while the claim is still ours, and only over a pending row: a process that lost
    // its lease (stalled past it while another took over) never writes a message twice.
    const kept = await db.transaction(async (tx) => {
      if (!(await renewLease(tx, runId, deps.claim.worker, deps.claim.leaseMs))) return false;
      const written = await tx
        .update(testingRunMessages)
        .set({ status, error: error?.code ?? null, errorParams: error?.params ?? null, durationMs: Math.round(performance.now() - started), obtained, outcomes, firedRules: fired, replayInput })
        .where(and(eq(testingRunMessages.runId, runId), eq(testingRunMessages.messageId, message.messageId), eq(testingRunMessages.status, 'pending')))
        .returning({ messageId: testingRunMessages.messageId });
      if (written.length === 1) await tx.update(testingRuns).set({ done: sql`${testingRuns.done} + 1` }).where(eq(testingRuns.id, runId));
      return true;
    });
    if (!kept) return 'stopped';
  }
  await finishTestRun(db, runId);
  return 'finished';
}

/**
 * What the browser replays the later modules on (src/testing-center/replay.ts): the extractor's
 * result as the run kept it (JSON bytes for a long mail, written without being decoded here) and the
 * message's date (relative dates). None when the extractor did not succeed: nothing to replay.
 */
function replayInputOf(modules: readonly ModuleResult[], createdAt: Date) {
  const extractor = modules.find((module) => module.type === 'extractor' && module.outcome === 'success' && module.result !== null);
  if (extractor === undefined) return null;
  return jsonbOfParts(jsonParts({ createdAt: createdAt.toISOString(), extraction: extractor.result }));
}

/** Metrics from every message's stored outcomes; the run is finished. */
export async function finishTestRun(db: Database, runId: string): Promise<void> {
  const [run] = await db.select({ kinds: testingRuns.kinds }).from(testingRuns).where(eq(testingRuns.id, runId));
  if (run === undefined) return;
  const rows = await db.select({ outcomes: testingRunMessages.outcomes }).from(testingRunMessages).where(eq(testingRunMessages.runId, runId));
  const metrics = metricsByKind(
    rows.map((row) => row.outcomes ?? {}),
    run.kinds,
  );
  await db.update(testingRuns).set({ status: 'finished', metrics, finishedAt: new Date(), claimedBy: null, leaseUntil: null }).where(eq(testingRuns.id, runId));
}

type LoadedBankMessage = Awaited<ReturnType<typeof loadBankMessage>>;

/** A bank message and its files, or an error naming why it cannot run. */
async function loadBankMessage(db: ExecuteDeps['db'], messageId: string) {
  const [message] = await db.select({ inputType: bankMessages.inputType, createdAt: bankMessages.createdAt }).from(bankMessages).where(eq(bankMessages.id, messageId));
  if (message === undefined) throw new MessageError('testMessageDeleted');
  const files = await db
    .select({ id: bankMessageFiles.id, name: bankMessageFiles.name, role: bankMessageFiles.role, contentType: bankMessageFiles.contentType, content: bankMessageFiles.content })
    .from(bankMessageFiles)
    .where(eq(bankMessageFiles.messageId, messageId))
    .orderBy(asc(bankMessageFiles.position));
  if (files.length === 0) throw new MessageError('testMessageNoFile');
  return { messageId, message, files };
}

async function runMessage(
  deps: ExecuteDeps,
  runId: string,
  environmentId: string,
  settings: ReturnType<typeof readSettings>,
  modules: RunContext['modules'],
  { messageId, message, files }: LoadedBankMessage,
  name: string,
): Promise<{ modules: ModuleResult[]; failure: string | null; partialFailure: string | null }> {
  const context: RunContext = {
    db: deps.db,
    // No analysis row: an id of the bank message, never written anywhere (testRun below).
    analysis: {
      id: `test:${messageId}`,
      environmentId,
      name,
      inputType: message.inputType,
      metadata: {},
      manualFinalStatus: false,
      run: 1,
      claims: 1,
      createdAt: message.createdAt,
      previousStatus: 'waiting',
      previousWorker: null,
      settings,
      // The compiled-categorization cache key: one per launched configuration.
      settingsVersion: `test-run:${runId}`,
      nextStep: 0,
    },
    settings,
    files,
    uploadedAttachments: files
      .filter((file) => file.role === 'attachment')
      .map((file) => ({ fileName: file.name, contentType: file.contentType, path: [file.name], bytes: file.content })),
    modules,
    parser: deps.parser,
    extracted: deps.extracted,
    ocr: new MeteredOcr(),
    nlu: deps.nlu,
    testRun: true,
  };
  const end = await runModules(context);
  return { modules: end.state.results, failure: end.failure, partialFailure: end.partialFailure };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MessageTimeout()), ms);
  });
  // The work still settles later; its result is dropped (a step honours its own deadline).
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
