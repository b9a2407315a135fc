/** The caps on the text handed to the modules: the end of a document, then the documents past the analysis's cap, left out and named. */
import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../contract/analyses';
import { capExtractedText, extractedTextLength } from './cap-text';

const doc = (name: string, ...texts: string[]): ExtractedDocument => ({
  fileId: null,
  path: [name],
  name,
  source: 'main',
  contentType: 'text/plain',
  headers: null,
  html: null,
  pageCount: null,
  blocks: texts.map((text) => ({ page: null, text })),
  notes: [],
});

describe('capExtractedText', () => {
  it('keeps a result within the caps as it is', () => {
    const result = { documents: [doc('a', 'hello')] };
    expect(capExtractedText(result, { document: 10, analysis: 10 })).toEqual({ result, notes: [] });
  });

  it('cuts the end of a long document, then the documents past the analysis cap, and says which', () => {
    const result = { documents: [doc('a', '12345', '6789'), doc('b', 'abcdef')] };
    const capped = capExtractedText(result, { document: 7, analysis: 10 });
    expect(capped.result.documents.map((document) => document.blocks.map((block) => block.text))).toEqual([['12345', '67'], ['abc']]);
    expect(extractedTextLength(capped.result)).toBe(10);
    expect(capped.notes).toEqual([
      { key: 'extractor.textCapped', params: { name: 'a', limit: 7, left: 2 } },
      { key: 'extractor.textCappedAnalysis', params: { name: 'b', limit: 10, left: 3 } },
    ]);
  });
});
