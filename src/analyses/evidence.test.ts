/** The evidence model: decisions placed on the extractor's text, from the real categorization engine's quotes. */
import { describe, expect, it } from 'vitest';
import { analysisEvidence, locateQuote, segmentsOf } from './evidence';
import { contractAt, extraction, extractor, module, modules } from './evidence-test-fixtures';

type Evidence = NonNullable<ReturnType<typeof analysisEvidence>>;
const marked = (evidence: Evidence, item: Evidence['items'][number]) =>
  evidence.documents.flatMap((doc) => doc.blocks.flatMap((block) => block.segments.filter((segment) => segment.items.includes(evidence.items.indexOf(item))).map((segment) => block.text.slice(segment.start, segment.end))));

describe('analysis evidence', () => {
  it('places a category, a field and the NLU parameters on the words of the page they were read from', () => {
    const evidence = analysisEvidence(modules)!;
    const byKind = (kind: string) => evidence.items.filter((item) => item.kind === kind);
    const [resiliation] = byKind('category');
    expect(resiliation).toMatchObject({ name: 'Résiliation', via: 'résiliation', document: 1 });
    expect(marked(evidence, resiliation!)).toEqual(['résilier', 'AU-30871']);
    const fields = byKind('field');
    expect(fields.map((item) => [item.name, item.value, item.spans.length])).toEqual([
      ['numeroContrat', 'AU-30871', 1],
      ['objet', 'Résiliation', 0],
    ]);
    expect(marked(evidence, fields[0]!)).toEqual(['AU-30871']);
    expect(byKind('parameter').map((item) => item.name)).toEqual(['resilierContrat · contrat', 'resilierContrat · action']);
    // The contract number fed three things; the words only labelled keep their archetype.
    const block = evidence.documents[1]!.blocks[2]!;
    const contract = block.segments.find((segment) => block.text.slice(segment.start, segment.end) === 'AU-30871')!;
    expect(contract.items).toHaveLength(3);
    const label = block.segments.find((segment) => block.text.slice(segment.start, segment.end) === 'contrat')!;
    expect(label).toMatchObject({ items: [], labels: ['contrat'] });
    // The other documents are shown, unmarked.
    expect(evidence.documents.map((doc) => doc.name)).toEqual(['mail.eml', 'lettre.pdf']);
    expect(evidence.documents[0]!.blocks[0]!.segments).toEqual([{ start: 0, end: 22, items: [], labels: [] }]);
  });

  it("places the vision engine's fields on the words it quoted, however the lines fall, else on their value", () => {
    const vision = module('visionEngine', {
      type: 'strict_extraction',
      model: 'local',
      categories: [],
      fields: { demande: 'résiliation', numero: 'AU-30871', inconnu: 'ZZ-1', vide: null },
      // The model quotes across the line break of the letter, in its own spacing and case.
      quotes: { demande: 'SOUHAITE résilier   mon contrat AU-30871.  Merci' },
      answer: null,
      pages: [{ document: 'lettre.pdf', page: 2 }],
      pagesLeftOut: 0,
    });
    const evidence = analysisEvidence([...modules.filter((item) => item.type === 'extractor'), vision])!;
    const items = evidence.items.filter((item) => item.via === 'vision');
    expect(items.map((item) => [item.name, item.value, item.spans.length])).toEqual([
      ['demande', 'résiliation', 1],
      ['numero', 'AU-30871', 1],
      ['inconnu', 'ZZ-1', 0],
    ]);
    // Its runs (the number inside also fed the other field) make up the quoted words as the letter has them.
    expect(marked(evidence, items[0]!).join('')).toBe('souhaite résilier mon contrat AU-30871.\nMerci');
    expect(marked(evidence, items[1]!)).toEqual(['AU-30871']);
  });

  it('finds a quote stored with only its page and line, and gives up when the text changed since', () => {
    const documents = extractor.documents;
    expect(locateQuote(documents, 1, { text: 'AU-30871', page: 2, line: 5 })).toEqual(contractAt);
    expect(locateQuote(documents, 1, { text: 'AU-30871', page: 2, line: 4 })).toBeNull();
    expect(locateQuote(documents, 1, { text: 'AU-30871', page: 2, line: 5, at: { ...contractAt, end: 10_000 } })).toBeNull();
  });

  it('ignores places outside the text and results it cannot read', () => {
    const wrong = { ...extraction, evidence: { numeroContrat: [{ ...contractAt, block: 7 }] } };
    const evidence = analysisEvidence([module('extractor', extractor), module('extraction', wrong), module('categorization', { nonsense: true })])!;
    expect(evidence.items).toHaveLength(2);
    expect(evidence.items.every((item) => item.spans.length === 0)).toBe(true);
    expect(analysisEvidence([module('extractor', { documents: 'no' })])).toBeNull();
  });

  it('cuts overlapping evidence into runs that each list what covers them', () => {
    const covers = [
      { start: 0, end: 5, item: 1 },
      { start: 3, end: 8, item: 0 },
      { start: 3, end: 8, label: 'x' },
    ];
    expect(segmentsOf('0123456789', covers)).toEqual([
      { start: 0, end: 3, items: [1], labels: [] },
      { start: 3, end: 5, items: [0, 1], labels: ['x'] },
      { start: 5, end: 8, items: [0], labels: ['x'] },
      { start: 8, end: 10, items: [], labels: [] },
    ]);
  });
});
