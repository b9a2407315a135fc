import { describe, expect, it } from 'vitest';
import type { EngineDocument } from './types';
import { scopeLayout, spanInScope } from './evidence';

function doc(index: number, ...texts: string[]): EngineDocument {
  return { index, name: `doc${index}`, source: index === 0 ? 'main' : 'attachment', blocks: texts.map((text) => ({ page: null, text, interactions: [] })) };
}

/** The scope's text as extract.ts `scopeOf` joins it. */
const scopeText = (documents: EngineDocument[]) => documents.map((d) => d.blocks.map((b) => b.text).join('\n')).join('\n\n');

describe('spanInScope', () => {
  const documents = [doc(0, 'Bonjour', 'Contrat AB-1'), doc(1, 'Facture', 'Total 12 €')];
  const text = scopeText(documents);
  const layout = scopeLayout(documents);
  const place = (words: string) => spanInScope(layout, text.indexOf(words), text.indexOf(words) + words.length);

  it('maps a scope-text range to its document, block and offsets in the block', () => {
    expect(place('Bonjour')).toEqual({ document: 0, block: 0, start: 0, end: 7 });
    expect(place('AB-1')).toEqual({ document: 0, block: 1, start: 8, end: 12 });
    expect(place('Facture')).toEqual({ document: 1, block: 0, start: 0, end: 7 });
    expect(place('12 €')).toEqual({ document: 1, block: 1, start: 6, end: 10 });
  });

  it('uses the documents’ own indexes (a per-document scope reads one document)', () => {
    const only = [doc(3, 'x', 'AB-2')];
    expect(spanInScope(scopeLayout(only), 2, 6)).toEqual({ document: 3, block: 1, start: 0, end: 4 });
  });

  it('places a match starting on the line breaks in the block its words start in, and cuts one running into the next block', () => {
    const across = text.indexOf('\n\nFacture');
    expect(spanInScope(layout, across, across + '\n\nFacture'.length)).toEqual({ document: 1, block: 0, start: 0, end: 7 });
    const runsOn = text.indexOf('AB-1');
    expect(spanInScope(layout, runsOn, runsOn + 'AB-1\n\nFac'.length)).toEqual({ document: 0, block: 1, start: 8, end: 12 });
    // Only line breaks: an empty span where they begin.
    expect(spanInScope(layout, across, across + 2)).toEqual({ document: 0, block: 1, start: 12, end: 12 });
  });

  it('skips empty blocks and documents without blocks', () => {
    const sparse = [doc(0), doc(1, '', 'AB-3')];
    const sparseText = scopeText(sparse);
    const at = sparseText.indexOf('AB-3');
    expect(spanInScope(scopeLayout(sparse), at, at + 4)).toEqual({ document: 1, block: 1, start: 0, end: 4 });
    expect(spanInScope(scopeLayout([doc(0)]), 0, 0)).toBeNull();
  });
});
