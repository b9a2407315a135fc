/**
 * Caps the extracted text handed to the modules (ARCHITECTURE "Threads": content is capped per
 * document and per analysis, with what was left out named). A sender controls how much text a mail
 * carries, and every module after the extractor costs in proportion to it: past the caps, the end of
 * a document's text (or the documents after the analysis's cap) is left out, and the extractor's
 * trace says which and how many characters.
 *
 * The server reads its caps from POSTROOM_MODULE_TEXT_PER_DOCUMENT and POSTROOM_MODULE_TEXT_PER_ANALYSIS
 * (server/pipeline/extractor/text-caps.ts); the files viewer's analysis uses the defaults.
 */
import type { ExtractorResult } from '../contract/analysis-results';
import { sentence, type LocalizedText } from '../contract/pipeline-messages';

export const DEFAULT_TEXT_PER_DOCUMENT = 1_000_000;
export const DEFAULT_TEXT_PER_ANALYSIS = 2_000_000;

export interface TextCaps {
  /** Characters per document. */
  document: number;
  /** Characters per analysis. */
  analysis: number;
}

export const DEFAULT_TEXT_CAPS: TextCaps = { document: DEFAULT_TEXT_PER_DOCUMENT, analysis: DEFAULT_TEXT_PER_ANALYSIS };

/** The characters of text in the result's blocks. */
export function extractedTextLength(result: ExtractorResult): number {
  return result.documents.reduce((sum, doc) => sum + doc.blocks.reduce((chars, block) => chars + block.text.length, 0), 0);
}

/** The result within the caps (the same object when nothing passes them) and a note per cap passed. */
export function capExtractedText(result: ExtractorResult, caps: TextCaps = DEFAULT_TEXT_CAPS): { result: ExtractorResult; notes: LocalizedText[] } {
  const total = extractedTextLength(result);
  if (total <= Math.min(caps.document, caps.analysis)) return { result, notes: [] };
  const notes: LocalizedText[] = [];
  let analysisLeft = caps.analysis;
  let cutByAnalysis = 0;
  let firstCutByAnalysis: string | null = null;
  const documents = result.documents.map((doc) => {
    let documentLeft = caps.document;
    let cutByDocument = 0;
    const blocks = doc.blocks.flatMap((block) => {
      const room = Math.min(documentLeft, analysisLeft);
      const kept = block.text.slice(0, room);
      const left = block.text.length - kept.length;
      if (left > 0 && documentLeft <= analysisLeft) cutByDocument += left;
      else if (left > 0) {
        cutByAnalysis += left;
        firstCutByAnalysis ??= doc.name;
      }
      documentLeft -= kept.length;
      analysisLeft -= kept.length;
      return kept.length === 0 ? [] : [{ ...block, text: kept }];
    });
    if (cutByDocument > 0) notes.push(sentence('extractor.textCapped', { name: doc.name, limit: caps.document, left: cutByDocument }));
    return blocks.length === doc.blocks.length && cutByDocument === 0 && blocks.every((block, index) => block === doc.blocks[index]) ? doc : { ...doc, blocks };
  });
  if (firstCutByAnalysis !== null) notes.push(sentence('extractor.textCappedAnalysis', { name: firstCutByAnalysis, limit: caps.analysis, left: cutByAnalysis }));
  return { result: { ...result, documents }, notes };
}
