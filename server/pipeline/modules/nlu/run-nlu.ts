/**
 * The pipeline's NLU module (issue 12; ARCHITECTURE "A pipeline module is one slice"): after the
 * extractor, every text block its input type selects (body, attachment, or both when unset) goes
 * through one server linked to its context. A stopped server is started (the trace says so) and
 * waited for. The result is one NLU result per block (src/contract/nlu-module.ts).
 *
 * It never throws: any failure becomes an `error` outcome with its message. It honours its time
 * budget (`analysisBudgetMs`): blocks left when it runs out are counted, not analysed.
 */
import type { EnvironmentLanguage, EnvironmentModule } from '../../../../src/contract/environments';
import type { NluBlockResult, NluModuleResult } from '../../../../src/contract/nlu-module';
import type { Database } from '../../../db/open';
import { analyseWithServer } from '../../../nlu/analyse';
import { markUsed, startServer, statusOf } from '../../../nlu/lifecycle';
import type { NluRuntime } from '../../../nlu/runtime';
import { loadServers, type ServerRow } from '../../../nlu/source';
import type { ExtractionOutcome } from '../../extractor/extract';

export interface NluModuleInput {
  db: Database;
  runtime: NluRuntime;
  environmentId: string;
  module: EnvironmentModule;
  extraction: ExtractionOutcome | null;
  languages: readonly EnvironmentLanguage[];
}

export interface NluModuleOutcome {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  result: NluModuleResult | null;
}

/** Documents of the extractor's result the module's input type selects. */
function selects(inputType: string | null, source: 'main' | 'attachment' | 'body'): boolean {
  if (inputType === 'body') return source !== 'attachment';
  if (inputType === 'attachment') return source === 'attachment';
  return true;
}

/** The server of the module: the first started one linked to its context, else the first linked. */
function pickServer(servers: ServerRow[], context: string | null, runtime: NluRuntime): ServerRow | undefined {
  const linked = servers.filter((server) => (context === null ? server.contexts.length > 0 : server.contexts.includes(context)));
  return linked.find((server) => statusOf(server, runtime) === 'started') ?? linked[0];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runNluModule(input: NluModuleInput): Promise<NluModuleOutcome> {
  try {
    return await analyseBlocks(input);
  } catch (error) {
    return { outcome: 'error', message: `The NLU module failed: ${error instanceof Error ? error.message : String(error)}`, result: null };
  }
}

async function analyseBlocks(input: NluModuleInput): Promise<NluModuleOutcome> {
  const { db, runtime, module } = input;
  const startedAt = Date.now();
  if (input.extraction === null) return { outcome: 'skipped', message: 'The extractor did not run: no text to analyse.', result: null };
  const context = module.context;
  let server = pickServer(await loadServers(db, input.environmentId), context, runtime);
  if (server === undefined) {
    const message =
      context === null
        ? 'No NLU server of this environment has a context: nothing was analysed.'
        : `No server linked to the context "${context}": the context is never included in NLU analyses.`;
    return { outcome: 'skipped', message, result: null };
  }
  const notes: string[] = [];
  if (statusOf(server, runtime) === 'stopped') {
    server = await startServer(db, server, runtime);
    notes.push(`Server "${server.name}" was stopped: the analysis started it.`);
  }
  if (statusOf(server, runtime) === 'starting') {
    const wait = Math.max(0, (server.readyAt?.getTime() ?? 0) - runtime.now().getTime());
    if (wait > runtime.analysisBudgetMs) {
      return { outcome: 'error', message: `${notes.join(' ')} Server "${server.name}" is starting up and would not be ready within the time allowed.`.trim(), result: null };
    }
    await sleep(wait);
    notes.push(`Waited ${wait} ms for it to start.`);
  }

  const compiled = await runtime.engines.get(db, input.environmentId, server.aiVersion);
  if (compiled.engine === null) {
    const first = compiled.errors[0]?.message ?? 'nothing to compile';
    return { outcome: 'error', message: `The NLU configuration has no usable part (${compiled.errors.length} error(s); first: ${first}).`, result: null };
  }
  if (compiled.errors.length > 0) notes.push(`${compiled.errors.length} configuration error(s): the rest of the configuration was used.`);

  const blocks: NluBlockResult[] = [];
  let notAnalysed = 0;
  input.extraction.result.documents.forEach((doc, documentIndex) => {
    if (!selects(module.inputType, doc.source)) return;
    doc.blocks.forEach((block, blockIndex) => {
      if (Date.now() - startedAt > runtime.analysisBudgetMs) {
        notAnalysed++;
        return;
      }
      const result = analyseWithServer(block.text, {
        compiled,
        server: server,
        contexts: context === null ? undefined : [context],
        environmentLanguages: input.languages,
      });
      blocks.push({ document: documentIndex, block: blockIndex, documentName: doc.name, source: doc.source, page: block.page, result });
    });
  });
  await markUsed(db, server.id, runtime);

  const complete = [...new Set(blocks.flatMap((block) => block.result.interactions.filter((i) => i.complete).map((i) => i.id)))];
  if (notAnalysed > 0) notes.push(`The time budget ran out: ${notAnalysed} block(s) not analysed.`);
  const summary =
    `${blocks.length} block(s) analysed through server "${server.name}"${context === null ? '' : ` (context "${context}")`}: ` +
    (complete.length === 0 ? 'no complete interaction.' : `complete interaction(s) ${complete.join(', ')}.`);
  return {
    outcome: 'success',
    message: [...notes, summary].join(' '),
    result: { server: server.name, context, blocks, blocksNotAnalysed: notAnalysed },
  };
}
