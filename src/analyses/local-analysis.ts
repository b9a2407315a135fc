/**
 * One file analysed where it was opened, by the engines the server runs: the shared extractor
 * (src/extractor, with the host's parsers and no OCR), then NLU, categorization, information
 * extraction and consolidation replayed on its text (src/testing-center/replay.ts) with the
 * environment's settings and NLU lists. The files viewer runs it in a web worker so a user's mail
 * never leaves the browser. Pure: no DOM, no Node.
 */
import type { ModuleResult } from '../contract/analysis-results';
import type { EnvironmentSettings } from '../contract/environments';
import { encodePipelineMessage, joinPipelineMessages } from '../contract/pipeline-messages';
import { capExtractedText } from '../extractor/cap-text';
import type { ExtractionOutcome, Parser } from '../extractor/extract-context';
import { extractFiles } from '../extractor/extract-files';
import { localServices } from '../extractor/local-services';
import { nluSourceOf } from '../nlu/source-of';
import { replayMessage } from '../testing-center/replay';
import { replaySetupOf, type ReplayNluLists } from '../testing-center/replay-setup';

export interface LocalFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface LocalAnalysis {
  /** The modules' results in pipeline order, the extractor's first (what `analysisEvidence` reads). */
  modules: ModuleResult[];
  /** The extractor's one-line outcome and the parts it could not read (stored pipeline messages). */
  summary: string;
  failures: string[];
  /** Set when the file itself could not be read: the modules after the extractor did not run. */
  mainFileError: string | null;
  /** Modules that could have changed a value but do not run here (OCR data extraction, vision engine). */
  notReplayed: string[];
}

export async function analyseLocally(file: LocalFile, settings: EnvironmentSettings, lists: ReplayNluLists, parser: Parser, now = new Date()): Promise<LocalAnalysis> {
  const extractorHead = { moduleId: 'extractor', type: 'extractor' as const, name: 'Extractor', message: null };
  if (!settings.extractor.active) {
    return { modules: [{ ...extractorHead, outcome: 'skipped', result: null }], summary: '', failures: [], mainFileError: null, notReplayed: [] };
  }
  const extraction: ExtractionOutcome = await extractFiles([{ id: null, name: file.name, role: 'main', contentType: file.contentType, content: file.bytes }], settings.extractor, localServices(parser), {
    environment: settings.content,
  });
  // The modules get at most the text the server's would (the default caps), the summary says what was left out.
  const capped = capExtractedText(extraction.result);
  if (capped.notes.length > 0) {
    extraction.result = capped.result;
    extraction.summary = joinPipelineMessages(extraction.summary, encodePipelineMessage(...capped.notes));
  }
  const base = { summary: extraction.summary, failures: extraction.failures ?? [], mainFileError: extraction.mainFileError };
  if (extraction.mainFileError !== null) {
    return { ...base, modules: [{ ...extractorHead, outcome: 'error', result: extraction.result }], notReplayed: [] };
  }
  const setup = replaySetupOf(settings, nluSourceOf(lists), lists.servers, `local:${now.getTime()}`);
  const { modules, notReplayed } = replayMessage({ createdAt: now.toISOString(), extraction: extraction.result }, setup);
  return { ...base, modules, notReplayed };
}
