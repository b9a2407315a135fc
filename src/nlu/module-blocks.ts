/**
 * What an NLU module of the pipeline analyses and with which server: the blocks of the extractor's
 * documents its input type selects, and the server linked to its context. Shared by the server's
 * NLU module and the browser's replay of a test run, so both read the same blocks with the same server.
 */
import type { ExtractorResult } from '../contract/analyses';
import type { NluBlockResult } from '../contract/nlu-module';

/** Documents of the extractor's result the module's input type selects. */
function selects(inputType: string | null, source: 'main' | 'attachment' | 'body'): boolean {
  if (inputType === 'body') return source !== 'attachment';
  if (inputType === 'attachment') return source === 'attachment';
  return true;
}

/** The texts the module analyses, in order, with where each one stands (its block result without the result). */
export function moduleBlocks(extraction: ExtractorResult, inputType: string | null): { text: string; place: Omit<NluBlockResult, 'result'> }[] {
  return extraction.documents.flatMap((doc, documentIndex) =>
    selects(inputType, doc.source)
      ? doc.blocks.map((block, blockIndex) => ({ text: block.text, place: { document: documentIndex, block: blockIndex, documentName: doc.name, source: doc.source, page: block.page } }))
      : [],
  );
}

/** The server of the module: the first started one linked to its context (any context when null), else the first linked. */
export function moduleServer<S extends { contexts: readonly string[] }>(servers: readonly S[], context: string | null, started: (server: S) => boolean): S | undefined {
  const linked = servers.filter((server) => (context === null ? server.contexts.length > 0 : server.contexts.includes(context)));
  return linked.find(started) ?? linked[0];
}
