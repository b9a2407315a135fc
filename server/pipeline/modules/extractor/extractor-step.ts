/**
 * The extractor's step: every file of the analysis → documents with text blocks (server/pipeline/
 * extractor/extract.ts). The main file failing stops the run; an attachment or an OCR page failing
 * lets the later modules run on the rest, and the analysis ends in error so reanalyze retries it.
 */
import { extract } from '../../extractor/extract';
import { metered, type ModuleStep } from '../step';
import { encodePipelineMessage, joinPipelineMessages, pipelineMessage } from '../../../../src/contract/pipeline-messages';
import { capExtractedText, extractedTextLength } from '../../../../src/extractor/cap-text';
import { textCaps } from '../../extractor/text-caps';
import type { HeldJson } from '../../../module-workers/held-json';
import { sharedModulePool, type ModuleMeter } from '../../../module-workers/module-pool';
import type { ExtractorResult } from '../../../../src/contract/analysis-results';

export const extractorStep: ModuleStep = async (_module, context, state) => {
  const { settings, files } = context;
  if (!settings.extractor.active) {
    return { outcome: 'skipped', message: pipelineMessage('extractor.deactivated') };
  }
  if (files.some((file) => file.content === null)) {
    const failure = pipelineMessage('extractor.filesRemoved');
    return { outcome: 'error', message: failure, failure };
  }
  const extraction = await extract(
    files.map((file) => ({ id: file.id, name: file.name, role: file.role, contentType: file.contentType, content: file.content!, sha256: file.sha256 })),
    settings.extractor,
    context.parser,
    { environment: settings.content, ocr: context.ocr, cache: context.extracted, ...metered(context) },
  );
  // The modules after this one get at most the capped text (cap-text.ts); the trace names what was left out.
  const capped = capExtractedText(extraction.result, textCaps());
  if (capped.notes.length > 0) {
    extraction.result = capped.result;
    extraction.summary = joinPipelineMessages(extraction.summary, encodePipelineMessage(...capped.notes));
  }
  state.extraction = extraction;
  const result = await storedForm(extraction.result, metered(context));
  if (extraction.mainFileError !== null) {
    return { outcome: 'error', message: joinPipelineMessages(extraction.mainFileError, extraction.summary), result, failure: extraction.mainFileError };
  }
  if (extraction.failures?.length) {
    const partialFailure = joinPipelineMessages(pipelineMessage('extractor.partialFailureHead'), ...extraction.failures);
    return { outcome: 'error', message: joinPipelineMessages(extraction.summary, partialFailure), result, partialFailure };
  }
  return { outcome: 'success', message: extraction.summary, result };
};

/** Up to this many characters of text, serializing the result here takes about a millisecond: less than a worker's round trip. */
export const IN_PLACE_JSON_CHARS = 256 * 1024;

/**
 * The result as the run stores it and hands it to the output and reply modules: with much text (a
 * sender's, up to the caps), its JSON made in a module worker and held as bytes, so the HTTP thread
 * never serializes megabytes of it (held-json.ts). The later modules read `state.extraction`, which
 * stays a plain value. Past the worker's deadline the plain value is kept: the caps bound its size.
 */
export async function storedForm(result: ExtractorResult, options: { meter?: ModuleMeter } = {}): Promise<ExtractorResult | HeldJson<ExtractorResult>> {
  if (extractedTextLength(result) <= IN_PLACE_JSON_CHARS) return result;
  const held = await sharedModulePool().run({ kind: 'holdJson', value: result }, options);
  return held.ok ? (held.value as HeldJson<ExtractorResult>) : result;
}
