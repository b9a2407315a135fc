/**
 * A module worker (ARCHITECTURE "Threads"): runs one task at a time for module-pool.ts. It imports
 * only pure engines and their runners, which read no database and call no network: what it is
 * given crosses as plain data and its answer goes back the same way. The caches that make the
 * engines fast (parsed categorization configurations, compiled NLU engines, Liquid engines) live
 * here, keyed by the settings version they came from.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { runCategorizationModule } from '../../src/categorization/run-categorization';
import { runConsolidationModule } from '../../src/categorization/run-consolidation';
import { runExtractionModule } from '../../src/extraction/run-extraction';
import { readHeld } from './held-json';
import { warmSnippets } from '../../src/extraction/snippets';
import { extractFields } from '../../src/ocr/fields';
import { renderReplyTemplate } from '../../src/replies/render';
import { runNluBlocks, runNluTest } from './nlu-blocks';
import { runReplyVariables } from './reply-variables-task';
import { runOutput } from './output-task';
import { runWebhookBody } from './webhook-body-task';
import { runCategorizationTest } from './categorization-test-task';
import { runDocumentCheck, runDocumentCheckResponse } from './document-check-task';
import { runSettingsChecks } from './settings-checks-task';
import { runNluImportRead } from './nlu-import-task';
import { runJsonBody } from './json-body-task';
import { runHoldJson } from './hold-json-task';
import { runOcrBoxes } from './ocr-boxes-task';
import { runBodyText } from './body-text-task';
import { runAnalysisDetail, runAnalysisStatusReport } from './analysis-answer-task';
import { runTestReplay } from './test-replay-task';
import type { ModuleTask, ProbeTask, TaskRequest, TaskResponse } from './protocol';

/** Kept alive on purpose by `allocateMb`, so the memory cap is what stops it. */
const held: unknown[] = [];

function probe(task: ProbeTask): unknown {
  if (task.fail !== undefined) throw new Error(task.fail);
  const until = Date.now() + (task.spinMs ?? 0);
  while (Date.now() < until) {
    // Busy on purpose: a deadline must stop a thread that never yields.
  }
  for (let mb = 0; mb < (task.allocateMb ?? 0); mb++) held.push(Array.from({ length: 131_072 }, (_, index) => ({ index })));
  return task.echo ?? null;
}

async function run(task: ModuleTask): Promise<unknown> {
  switch (task.kind) {
    case 'categorization':
      return runCategorizationModule({ ...task.input, nlu: task.input.nlu.map(readHeld) });
    case 'extraction':
      return runExtractionModule({ ...task.input, nlu: task.input.nlu.map(readHeld) });
    case 'consolidation':
      return runConsolidationModule(task.input);
    case 'ocrFields':
      return extractFields(task.pages, task.rules);
    case 'replyRender':
      return renderReplyTemplate(task.template, task.templates, task.variables);
    case 'webhookBody':
      return runWebhookBody(task);
    case 'output':
      return runOutput(task);
    case 'replyVariables':
      return runReplyVariables(task);
    case 'nluBlocks':
      return runNluBlocks(task);
    case 'nluTest':
      return runNluTest(task);
    case 'documentCheck':
      return runDocumentCheck(task);
    case 'settingsChecks':
      return runSettingsChecks(task);
    case 'documentCheckResponse':
      return runDocumentCheckResponse(task);
    case 'jsonBody':
      return runJsonBody(task);
    case 'bodyText':
      return runBodyText(task);
    case 'holdJson':
      return runHoldJson(task);
    case 'ocrBoxes':
      return runOcrBoxes(task);
    case 'nluImportRead':
      return runNluImportRead(task);
    case 'analysisDetail':
      return runAnalysisDetail(task);
    case 'analysisStatusReport':
      return runAnalysisStatusReport(task);
    case 'testReplay':
      return runTestReplay(task);
    case 'categorizationTest':
      return runCategorizationTest(task);
    case 'probe':
      return probe(task);
  }
}

/** An answer's serialized bytes (`{ json }` or `{ body }`, a Uint8Array) are handed over, not copied (held values are shared memory). */
function transferOf(value: unknown): ArrayBuffer[] {
  if (typeof value !== 'object' || value === null) return [];
  const { json, body } = value as { json?: unknown; body?: unknown };
  const bytes = json ?? body;
  return bytes instanceof Uint8Array && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}

parentPort!.on('message', ({ id, task }: TaskRequest) => {
  const startedAt = performance.now();
  const threadMs = () => performance.now() - startedAt;
  const failed = (error: unknown) => parentPort!.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error), threadMs: threadMs() } satisfies TaskResponse);
  run(task).then((value) => {
    try {
      parentPort!.postMessage({ id, ok: true, value, threadMs: threadMs() } satisfies TaskResponse, transferOf(value));
    } catch (error) {
      // An answer nested deeper than a copy goes (a sender's JSON): the task fails rather than never answering.
      failed(error);
    }
  }, failed);
});

// Before the thread says it is ready, outside any task's limits (snippets.ts says why).
warmSnippets();

// Imports done: the pool starts a task's deadline only from here, so a worker's start is not charged to it.
parentPort!.postMessage({ ready: true });
