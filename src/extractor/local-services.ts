/**
 * The extractor's services where only the parsers run (the files viewer's analysis in the browser, and
 * the tests that check it): no OCR (scanned pages and pictures are noted as not read), bodies read in
 * place (the caller is already off the page's main thread), no transcription service.
 */
import { answer, type ParseResponse } from '../parsing/protocol';
import { bodyText } from './body-text';
import { documentNote } from './document-notes';
import type { ExtractorServices, Parser } from './extract-context';

export function localServices(parser: Parser): ExtractorServices {
  return {
    parser,
    ocr: null,
    readBody: async (source, options) => ({ ok: true, value: await bodyText(source, options) }),
    audio: () => ({ note: documentNote('document.notTranscribedHere') }),
  };
}

/** The parsers called in this thread, without a worker or deadline: for tests and Node scripts. */
export const inPlaceParser: Parser = {
  parse: (name, bytes) =>
    new Promise<ParseResponse>((resolve) => {
      void answer({ id: 0, name, bytes }, (message) => {
        if (message.type === 'result') resolve(message);
      });
    }),
};
