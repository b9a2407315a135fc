/**
 * The pipeline's NLU module (ARCHITECTURE "A pipeline module is one slice"): after the
 * extractor, every text block its input type selects (body, attachment, or both when unset) goes
 * through one server linked to its context. A stopped server is started (the trace says so) and
 * waited for. The result is one NLU result per block (src/contract/nlu-module.ts).
 *
 * It never throws: any failure becomes an `error` outcome with its message. It honours its time
 * budget (`analysisBudgetMs`): blocks left when it runs out are counted, not analysed.
 */
import type { EnvironmentLanguage, EnvironmentModule } from '../../../../src/contract/environments';
import type { NluModuleResult } from '../../../../src/contract/nlu-module';
import type { Database } from '../../../db/open';
import { markUsedByAnalysis, startServer, statusOf } from '../../../nlu/lifecycle';
import type { NluRuntime } from '../../../nlu/runtime';
import { loadNluSourceForWorker, loadServersAndRevision } from '../../../nlu/source';
import { moduleBlocks, moduleServer } from '../../../../src/nlu/module-blocks';
import { sharedModulePool, type ModuleMeter } from '../../../module-workers/module-pool';
import type { NluBlocksTask } from '../../../module-workers/nlu-blocks';
import { stoppedModule } from '../../../module-workers/stopped-module';
import type { HeldJson } from '../../../module-workers/held-json';
import type { ExtractionOutcome } from '../../extractor/extract';
import { encodePipelineMessage, joinPipelineMessages, pipelineMessage, sentence, type LocalizedText } from '../../../../src/contract/pipeline-messages';
import { failureReason, reason } from '../../../../src/contract/failure-reasons';

export interface NluModuleInput {
  db: Database;
  runtime: NluRuntime;
  environmentId: string;
  module: EnvironmentModule;
  extraction: ExtractionOutcome | null;
  languages: readonly EnvironmentLanguage[];
  /** Charged the time the module's worker tasks took. */
  meter?: ModuleMeter;
}

export interface NluModuleOutcome {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  /** Megabytes for a long mail: held as JSON bytes, read by the module workers of the later modules. */
  result: HeldJson<NluModuleResult> | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runNluModule(input: NluModuleInput): Promise<NluModuleOutcome> {
  try {
    return await analyseBlocks(input);
  } catch (error) {
    return { outcome: 'error', message: pipelineMessage('module.failed', { name: input.module.name, reason: failureReason(error) }), result: null };
  }
}

async function analyseBlocks(input: NluModuleInput): Promise<NluModuleOutcome> {
  const { db, runtime, module } = input;
  const startedAt = Date.now();
  if (input.extraction === null) return { outcome: 'skipped', message: pipelineMessage('module.extractorDidNotRun'), result: null };
  const context = module.context;
  const { servers, revision } = await loadServersAndRevision(db, input.environmentId);
  let server = moduleServer(servers, context, (row) => statusOf(row, runtime) === 'started');
  if (server === undefined) {
    const message =
      context === null
        ? pipelineMessage('nlu.noServerWithContext')
        : pipelineMessage('nlu.noServerForContext', { context });
    return { outcome: 'skipped', message, result: null };
  }
  const notes: LocalizedText[] = [];
  if (statusOf(server, runtime) === 'stopped') {
    server = await startServer(db, server, runtime);
    notes.push(sentence('nlu.serverStarted', { server: server.name }));
  }
  if (statusOf(server, runtime) === 'starting') {
    const wait = Math.max(0, (server.readyAt?.getTime() ?? 0) - runtime.now().getTime());
    if (wait > runtime.analysisBudgetMs) {
      return { outcome: 'error', message: encodePipelineMessage(...notes, sentence('nlu.serverNotReady', { server: server.name })), result: null };
    }
    await sleep(wait);
    notes.push(sentence('nlu.waited', { ms: wait }));
  }

  // Compiling and matching run in a module worker (ARCHITECTURE "Threads"); the configuration is read
  // from the database only when the worker does not hold this revision's engine yet.
  const chosen = moduleBlocks(input.extraction.result, module.inputType);
  const task: NluBlocksTask = {
    kind: 'nluBlocks',
    environmentId: input.environmentId,
    revision,
    aiVersion: server.aiVersion,
    server,
    ...(context === null ? {} : { contexts: [context] }),
    languages: input.languages,
    texts: chosen.map((entry) => entry.text),
    places: chosen.map((entry) => entry.place),
    budgetMs: runtime.analysisBudgetMs - (Date.now() - startedAt),
  };
  const pool = sharedModulePool();
  const options = input.meter ? { meter: input.meter } : {};
  let answer = await pool.run(task, options);
  if (answer.ok && answer.value.needSource) {
    const { source, transfer } = await loadNluSourceForWorker(db, input.environmentId);
    answer = await pool.run({ ...task, source }, { ...options, transfer });
  }
  if (!answer.ok) {
    const stopped = stoppedModule(module, answer);
    return notes.length === 0 ? stopped : { ...stopped, message: joinPipelineMessages(encodePipelineMessage(...notes), stopped.message) };
  }
  const analysed = answer.value;
  if (analysed.needSource) throw new Error('The module worker did not compile the NLU configuration it was given.');
  if (!analysed.engine) {
    // The first error from its code (texts `nlu:configErrors.*`, as the NLU screens show it), not its English message.
    const error = analysed.errors[0];
    const first = error === undefined ? reason('reason.nothingToCompile') : { key: `nlu:configErrors.${error.code}`, params: error.params };
    return { outcome: 'error', message: pipelineMessage('nlu.noUsableConfiguration', { count: analysed.errors.length, first }), result: null };
  }
  if (analysed.errors.length > 0) notes.push(sentence('nlu.configurationErrors', { count: analysed.errors.length }));

  const { notAnalysed, complete } = analysed;
  await markUsedByAnalysis(db, server, runtime);

  if (notAnalysed > 0) notes.push(sentence('nlu.timeBudget', { count: notAnalysed }));
  const summary =
    context === null
      ? sentence('nlu.summary', { count: analysed.analysed, server: server.name })
      : sentence('nlu.summaryWithContext', { count: analysed.analysed, server: server.name, context });
  const interactions = complete.length === 0 ? sentence('nlu.noCompleteInteraction') : sentence('nlu.completeInteractions', { interactions: complete.join(', ') });
  return {
    outcome: 'success',
    message: encodePipelineMessage(...notes, summary, interactions),
    result: analysed.result,
  };
}
