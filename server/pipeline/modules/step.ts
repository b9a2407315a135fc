/**
 * What a pipeline module's step receives and answers (ARCHITECTURE "A pipeline module is one slice").
 * The run (server/pipeline/run.ts) walks the environment's modules and calls the step registered for
 * each type (registry.ts); a step reads the run's context and what earlier modules put in the run's
 * state, adds its own output to the state, and answers its trace outcome. A new module type is one
 * folder here with its step, and one line in the registry: the run itself does not change.
 */
import type { ModuleResult } from '../../../src/contract/analyses';
import type { EnvironmentModule } from '../../../src/contract/environments';
import type { CategorizationResult } from '../../../src/contract/modules/categorization';
import type { ExtractionResult } from '../../../src/contract/modules/extraction';
import type { NluModuleResult } from '../../../src/contract/nlu-module';
import type { VisionEngineResult } from '../../../src/contract/modules/vision-engine';
import type { TaintState } from '../../../src/categorization/types';
import type { Database } from '../../db/open';
import type { readSettings } from '../../environments/settings';
import type { MeteredOcr } from '../../ocr/metered-ocr';
import type { NluRuntime } from '../../nlu/runtime';
import type { ModuleMeter } from '../../module-workers/module-pool';
import type { HeldJson } from '../../module-workers/held-json';
import type { ClaimedAnalysis } from '../claim';
import type { AttachmentBytes, ExtractionOutcome } from '../extractor/extract';
import type { MeteredParser } from '../extractor/metered-parser';
import type { ResultCache } from '../extractor/result-cache';

/** An uploaded file of the analysis; `content` is null once retention removed it. */
export interface RunFile {
  id: string;
  name: string;
  role: 'main' | 'attachment';
  contentType: string;
  content: Uint8Array | null;
  /** The SHA-256 stored with the file (hex): the extractor's cache key is made from it, not from the bytes again. */
  sha256?: string;
}

/** Fixed for the whole run. */
export interface RunContext {
  db: Database;
  analysis: ClaimedAnalysis;
  settings: ReturnType<typeof readSettings>;
  files: readonly RunFile[];
  uploadedAttachments: readonly AttachmentBytes[];
  /** The environment's pipeline, in order. */
  modules: readonly EnvironmentModule[];
  parser: MeteredParser;
  /** The files this pipeline already extracted, for the extractor's `useCache` setting. */
  extracted: ResultCache;
  /** OCR pages of this run, charged to its CPU time. */
  ocr: MeteredOcr;
  nlu: NluRuntime;
  /** Time the run's module tasks held their module workers (server/module-workers/), charged to its CPU time. */
  moduleWorkers?: ModuleMeter;
  /**
   * A testing center test run (server/testing-center): the message is no production analysis, so a
   * step writes nothing a production screen shows (reply template errors, deliveries…).
   */
  testRun?: boolean;
}

/** What earlier modules produced in this run, for the modules after them. */
export interface RunState {
  /** Null until the extractor ran (deactivated, or not in the pipeline). */
  extraction: ExtractionOutcome | null;
  /** Held as JSON bytes (held-json.ts): only the module workers read them. */
  nlu: HeldJson<NluModuleResult>[];
  categorizations: { moduleId: string; result: CategorizationResult }[];
  /** Information extraction results, in pipeline order (categorization's `extractedData` criterion reads them). */
  extracted: { moduleId: string; result: ExtractionResult }[];
  taints: TaintState;
  /** The vision engine's answer (null until one succeeded); categorization's `visionEngine` criterion reads it. */
  vision: VisionEngineResult | null;
  /** Every module's result so far (the output module reads them); the large ones are held as JSON bytes. */
  results: ModuleResult[];
}

/** A step's pool options: the run's module tasks are charged to its CPU time (none outside a run's meter). */
export function metered(context: RunContext): { meter?: ModuleMeter } {
  return context.moduleWorkers ? { meter: context.moduleWorkers } : {};
}

export function emptyRunState(): RunState {
  return { extraction: null, nlu: [], categorizations: [], extracted: [], taints: { analysis: [], documents: {} }, vision: null, results: [] };
}

export interface StepOutcome {
  outcome: ModuleResult['outcome'];
  message: string | null;
  result?: unknown;
  /** The run cannot go on (nothing to work on): later modules are skipped and the analysis ends in error. */
  failure?: string;
  /** Part of the work failed: later modules still run on the rest, and the analysis ends in error. */
  partialFailure?: string;
}

/** One module type's work in a run. It should not throw: a failure is an `error` outcome. */
export type ModuleStep = (module: EnvironmentModule, context: RunContext, state: RunState) => Promise<StepOutcome> | StepOutcome;
