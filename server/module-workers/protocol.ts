/**
 * The messages between the server and its module workers (module-pool.ts ↔ module-thread.ts): one
 * task of plain data in, one answer out. Only what a pure engine needs crosses; the database, the
 * network and the run's state stay on the main thread.
 */
import type { CategorizationModuleInput, CategorizationModuleOutcome } from '../../src/categorization/run-categorization';
import type { ConsolidationModuleInput, ConsolidationModuleOutcome } from '../../src/categorization/run-consolidation';
import type { ExtractionModuleInput, ExtractionModuleOutcome } from '../../src/extraction/run-extraction';
import type { NluModuleResult } from '../../src/contract/nlu-module';
import type { MaybeHeld } from './held-json';
import type { FieldRule, FieldValue } from '../../src/ocr/fields';
import type { OcrPage } from '../../src/ocr/model';
import type { ReplyTemplate } from '../../src/contract/modules/reply-template';
import type { ReplyRender } from '../../src/replies/render';
import type { ReplyVariables } from '../../src/replies/variables';
import type { NluBlocksTask, NluBlocksAnswer, NluTestTask, NluTestAnswer } from './nlu-blocks';
import type { ReplyVariablesTask } from './reply-variables-task';
import type { OutputAnswer, OutputTask } from './output-task';
import type { WebhookBodyAnswer, WebhookBodyTask } from './webhook-body-task';
import type { CategorizationTestTask, CategorizationTestAnswer } from './categorization-test-task';
import type { AnalysisDetailTask, AnalysisStatusReportTask, SerializedAnswer } from './analysis-answer-task';
import type { TestReplayTask } from './test-replay-task';
import type { JsonBodyTask, JsonBodyAnswer } from './json-body-task';
import type { HoldJsonTask, HoldJsonAnswer } from './hold-json-task';
import type { OcrBoxesTask, OcrBoxesAnswer } from './ocr-boxes-task';
import type { BodyTextTask, BodyTextAnswer } from './body-text-task';
import type { NluImportReadTask, NluImportReadAnswer } from './nlu-import-task';
import type { DocumentCheckTask, DocumentCheckAnswer, DocumentCheckResponseTask, DocumentCheckResponseAnswer } from './document-check-task';
import type { SettingsChecksTask, SettingsChecksAnswer } from './settings-checks-task';

/**
 * `probe`: the pool's own check (tests, warm-up): spins, allocates or throws as asked, so a deadline,
 * a memory cap and a crash can be shown without a hostile configuration.
 */
export type ProbeTask = { kind: 'probe'; spinMs?: number; allocateMb?: number; fail?: string; echo?: unknown };

/** A runner's input as it crosses to the worker: the NLU results stay JSON bytes until the worker reads them. */
export type WithHeldNlu<T extends { nlu: readonly NluModuleResult[] }> = Omit<T, 'nlu'> & { nlu: readonly MaybeHeld<NluModuleResult>[] };

export type ModuleTask =
  | { kind: 'categorization'; input: WithHeldNlu<CategorizationModuleInput> }
  | { kind: 'extraction'; input: WithHeldNlu<ExtractionModuleInput> }
  | { kind: 'consolidation'; input: ConsolidationModuleInput }
  | { kind: 'ocrFields'; pages: OcrPage[]; rules: FieldRule[] }
  | { kind: 'replyRender'; template: Pick<ReplyTemplate, 'name' | 'body'>; templates: Pick<ReplyTemplate, 'name' | 'body'>[]; variables: ReplyVariables }
  | ReplyVariablesTask
  | OutputTask
  | WebhookBodyTask
  | NluBlocksTask
  | NluTestTask
  | CategorizationTestTask
  | DocumentCheckTask
  | SettingsChecksTask
  | NluImportReadTask
  | JsonBodyTask
  | BodyTextTask
  | HoldJsonTask
  | OcrBoxesTask
  | DocumentCheckResponseTask
  | AnalysisDetailTask
  | AnalysisStatusReportTask
  | TestReplayTask
  | ProbeTask;

/** What each kind of task answers. */
export interface TaskAnswers {
  categorization: CategorizationModuleOutcome;
  extraction: ExtractionModuleOutcome;
  consolidation: ConsolidationModuleOutcome;
  ocrFields: FieldValue[];
  replyRender: ReplyRender;
  replyVariables: ReplyVariables;
  output: OutputAnswer;
  webhookBody: WebhookBodyAnswer;
  nluBlocks: NluBlocksAnswer;
  nluTest: NluTestAnswer;
  categorizationTest: CategorizationTestAnswer;
  documentCheck: DocumentCheckAnswer;
  settingsChecks: SettingsChecksAnswer;
  documentCheckResponse: DocumentCheckResponseAnswer;
  nluImportRead: NluImportReadAnswer;
  jsonBody: JsonBodyAnswer;
  bodyText: BodyTextAnswer;
  holdJson: HoldJsonAnswer;
  ocrBoxes: OcrBoxesAnswer;
  analysisDetail: SerializedAnswer;
  analysisStatusReport: SerializedAnswer;
  testReplay: SerializedAnswer;
  probe: unknown;
}

export type TaskRequest = { id: number; task: ModuleTask };
/** `error`: the task threw (the worker lives on); its English message, for logs and the reason's detail. */
/** `threadMs`: how long the task held its worker, what the analysis is charged for it. */
export type TaskResponse = ({ id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }) & { threadMs: number };
