/**
 * The evidence of an analysis, placed on its documents' text: what each category, extracted field and
 * NLU parameter was decided from, as ranges of the extractor's text blocks, and per block the text cut
 * into segments, each knowing which of them it fed (and which NLU labels cover it). Pure: the
 * analysis result draws it, online or from a result already opened, and the files viewer from a
 * result computed in the browser.
 */
import type { ExtractorResult, ModuleResult } from '../contract/analysis-results';
import { extractorResultSchema } from '../contract/analysis-results';
import { categorizationResultSchema, type Quote } from '../contract/modules/categorization';
import type { EvidenceSpan } from '../contract/modules/evidence-span';
import { extractionResultSchema, type ExtractedValues } from '../contract/modules/extraction';
import { nluModuleResultSchema } from '../contract/nlu-module';
import { ocrDataExtractionResultSchema } from '../contract/ocr-data-extraction';
import { visionEngineResultSchema } from '../contract/modules/vision-engine';
import { boxesOf, type EvidencePageBoxes } from './evidence-boxes';
import type { BlockEvidence, Segment } from './evidence-blocks';

export type EvidenceKind = 'category' | 'field' | 'parameter';
export type { EvidenceBox, EvidencePageBoxes } from './evidence-boxes';
export type { BlockEvidence, Segment } from './evidence-blocks';

/** A line of the side panel: one category of a document, one field, one NLU parameter. */
export interface EvidenceItem {
  /** Stable within one analysis (a key for lists). */
  id: string;
  kind: EvidenceKind;
  name: string;
  /** The value as read (fields, parameters), or null (categories). */
  value: string | null;
  /** Categories: the rule that gave it; fields: `ocr` when read by an OCR rule, `vision` by the vision engine; otherwise null. */
  via: string | null;
  /** The document it belongs to (a category's, a per-document field's), or null for the analysis. */
  document: number | null;
  spans: EvidenceSpan[];
}

export interface DocumentEvidence {
  document: number;
  name: string;
  source: 'main' | 'attachment' | 'body';
  contentType: string;
  /** The analysis file it was read from (a mail's attachments: the mail's). */
  fileId: string | null;
  path: string[];
  blocks: BlockEvidence[];
  /** The OCR words its evidence was read from, per page (none for text, or a result stored before boxes were kept). */
  boxes: EvidencePageBoxes[];
}

export interface AnalysisEvidence {
  items: EvidenceItem[];
  documents: DocumentEvidence[];
}

type Blocks = ExtractorResult['documents'];

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A span that really lies inside its block's text (results from another version may not). */
function valid(documents: Blocks, span: EvidenceSpan): boolean {
  const text = documents[span.document]?.blocks[span.block]?.text;
  return text !== undefined && span.start < span.end && span.end <= text.length;
}

/**
 * Where a quote stored without its exact place stands: its line of its page (the page's blocks read
 * as lines that follow each other), then its words in that line; null when the text changed since.
 */
export function locateQuote(documents: Blocks, document: number, quote: Quote): EvidenceSpan | null {
  if (quote.at) return valid(documents, quote.at) ? quote.at : null;
  const blocks = documents[document]?.blocks ?? [];
  let linesBefore = 0;
  for (const [index, block] of blocks.entries()) {
    if (quote.page !== null && block.page !== quote.page) continue;
    const lines = block.text.split('\n');
    const inBlock = quote.line - linesBefore - 1;
    if (inBlock < lines.length) {
      const lineStart = lines.slice(0, inBlock).reduce((sum, line) => sum + line.length + 1, 0);
      const at = lines[inBlock]!.toLowerCase().indexOf(quote.text.toLowerCase());
      return at < 0 ? null : { document, block: index, start: lineStart + at, end: lineStart + at + quote.text.length };
    }
    linesBefore += lines.length;
  }
  return null;
}

/**
 * Text folded for finding words read elsewhere (an OCR rule's value, a model's quote): lower case,
 * every run of spaces and line breaks as one space; `at[i]` is where the i-th folded character was.
 */
function folded(text: string): { flat: string; at: number[] } {
  let flat = '';
  const at: number[] = [];
  let space = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      space = flat !== '';
      continue;
    }
    if (space) {
      flat += ' ';
      at.push(index);
      space = false;
    }
    for (const lower of char.toLowerCase()) {
      flat += lower;
      at.push(index);
    }
  }
  return { flat, at };
}

/** The first place `text` stands in a document's blocks (of one page when given), ignoring case and how spaces and line breaks fall. */
function findInDocument(documents: Blocks, document: number, text: string, page: number | null): EvidenceSpan | null {
  const wanted = folded(text).flat;
  if (wanted === '') return null;
  for (const [index, block] of (documents[document]?.blocks ?? []).entries()) {
    if (page !== null && block.page !== null && block.page !== page) continue;
    const haystack = folded(block.text);
    const found = haystack.flat.indexOf(wanted);
    if (found >= 0) return { document, block: index, start: haystack.at[found]!, end: haystack.at[found + wanted.length - 1]! + 1 };
  }
  return null;
}

function categoryItems(modules: readonly ModuleResult[], documents: Blocks): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  for (const module of modules) {
    if (module.type !== 'categorization') continue;
    const result = categorizationResultSchema.safeParse(module.result);
    if (!result.success) continue;
    for (const doc of result.data.documents) {
      for (const decision of doc.categories) {
        const { explanation } = decision;
        const quotes = explanation.kind === 'rule' ? explanation.held.flatMap((held) => held.quotes) : [];
        items.push({
          id: `category:${module.moduleId}:${doc.document}:${doc.page ?? 0}:${decision.category}`,
          kind: 'category',
          name: decision.category,
          value: null,
          via: explanation.kind === 'rule' ? explanation.ruleName : null,
          document: doc.document,
          spans: quotes.map((quote) => locateQuote(documents, doc.document, quote)).filter((span) => span !== null),
        });
      }
    }
  }
  return items;
}

function fieldItem(moduleId: string, name: string, value: unknown, spans: readonly EvidenceSpan[] | undefined, document: number | null, documents: Blocks): EvidenceItem {
  return {
    id: `field:${moduleId}:${document ?? 'analysis'}:${name}`,
    kind: 'field',
    name,
    value: valueText(value),
    via: null,
    document,
    spans: (spans ?? []).filter((span) => valid(documents, span)),
  };
}

function fieldItems(modules: readonly ModuleResult[], documents: Blocks): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const add = (moduleId: string, fields: ExtractedValues, evidence: Record<string, EvidenceSpan[]>, document: number | null) => {
    for (const [name, value] of Object.entries(fields)) {
      if (value !== null && value !== undefined) items.push(fieldItem(moduleId, name, value, evidence[name], document, documents));
    }
  };
  for (const module of modules) {
    if (module.type === 'extraction') {
      const result = extractionResultSchema.safeParse(module.result);
      if (!result.success) continue;
      if (result.data.fields) add(module.moduleId, result.data.fields, result.data.evidence, null);
      for (const doc of result.data.documents) add(module.moduleId, doc.fields, doc.evidence, doc.document);
    }
    if (module.type === 'visionEngine') {
      const result = visionEngineResultSchema.safeParse(module.result);
      if (!result.success) continue;
      // Its quote (or else its value) is looked for in the documents whose pages the model saw first,
      // then in the others (it also read their text).
      const seen = [...new Set([...result.data.pages.map((page) => documents.findIndex((candidate) => candidate.name === page.document)).filter((index) => index >= 0), ...documents.keys()])];
      for (const [name, value] of Object.entries(result.data.fields)) {
        if (value === null) continue;
        const words = result.data.quotes?.[name] ?? value;
        let span: EvidenceSpan | null = null;
        for (const document of seen) span ??= findInDocument(documents, document, words, null);
        items.push({ ...fieldItem(module.moduleId, name, value, span ? [span] : [], null, documents), via: 'vision' });
      }
    }
    if (module.type === 'ocrDataExtraction') {
      const result = ocrDataExtractionResultSchema.safeParse(module.result);
      if (!result.success) continue;
      for (const doc of result.data.documents) {
        const document = documents.findIndex((candidate) => candidate.path.join('/') === doc.path.join('/'));
        for (const field of doc.fields) {
          const span = document < 0 ? null : findInDocument(documents, document, field.value, field.page);
          items.push({ ...fieldItem(module.moduleId, field.name, field.value, span ? [span] : [], document < 0 ? null : document, documents), via: 'ocr' });
        }
      }
    }
  }
  return items;
}

function parameterItems(modules: readonly ModuleResult[], documents: Blocks): EvidenceItem[] {
  const byName = new Map<string, EvidenceItem>();
  for (const module of modules) {
    if (module.type !== 'nlu') continue;
    const result = nluModuleResultSchema.safeParse(module.result);
    if (!result.success) continue;
    for (const block of result.data.blocks) {
      for (const interaction of block.result.interactions) {
        for (const [parameter, values] of Object.entries(interaction.parameters)) {
          for (const value of values) {
            const name = `${interaction.id} · ${parameter}`;
            const id = `parameter:${name}:${value.value}`;
            const item = byName.get(id) ?? { id, kind: 'parameter' as const, name, value: value.value, via: null, document: block.document, spans: [] };
            byName.set(id, item);
            const span = { document: block.document, block: block.block, start: value.start, end: value.end };
            if (valid(documents, span) && !item.spans.some((known) => known.block === span.block && known.document === span.document && known.start === span.start)) item.spans.push(span);
          }
        }
      }
    }
  }
  return [...byName.values()];
}

interface Cover {
  start: number;
  end: number;
  item?: number;
  label?: string;
}

/** The block's text cut where evidence starts or ends; each run lists what covers it. */
export function segmentsOf(text: string, covers: readonly Cover[]): Segment[] {
  const cuts = [...new Set([0, text.length, ...covers.flatMap((cover) => [cover.start, cover.end])])].filter((at) => at >= 0 && at <= text.length).sort((a, b) => a - b);
  const byStart = [...covers].sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let next = 0;
  let active: Cover[] = [];
  for (let index = 0; index + 1 < cuts.length; index += 1) {
    const start = cuts[index]!;
    const end = cuts[index + 1]!;
    active = active.filter((cover) => cover.end > start);
    while (next < byStart.length && byStart[next]!.start <= start) {
      if (byStart[next]!.end > start) active.push(byStart[next]!);
      next += 1;
    }
    const items = [...new Set(active.flatMap((cover) => (cover.item === undefined ? [] : [cover.item])))].sort((a, b) => a - b);
    const labels = [...new Set(active.flatMap((cover) => (cover.label ? [cover.label] : [])))];
    const last = segments.at(-1);
    const same = last && last.items.join('\n') === items.join('\n') && last.labels.join('\n') === labels.join('\n');
    if (same) last.end = end;
    else segments.push({ start, end, items, labels });
  }
  return segments;
}

function labelCovers(modules: readonly ModuleResult[]): Map<string, Cover[]> {
  const covers = new Map<string, Cover[]>();
  for (const module of modules) {
    if (module.type !== 'nlu') continue;
    const result = nluModuleResultSchema.safeParse(module.result);
    if (!result.success) continue;
    for (const block of result.data.blocks) {
      const key = `${block.document}:${block.block}`;
      const list = covers.get(key) ?? [];
      for (const label of block.result.labels) list.push({ start: label.start, end: label.end, label: label.archetype });
      covers.set(key, list);
    }
  }
  return covers;
}

/** What the results were decided from, each with its places in the documents' blocks (the run keeps the OCR boxes of these places). */
export function evidenceItems(modules: readonly ModuleResult[], documents: Blocks): EvidenceItem[] {
  return [...categoryItems(modules, documents), ...fieldItems(modules, documents), ...parameterItems(modules, documents)];
}

/** The evidence of an analysis from its module results; null when the extractor left no documents to show. */
export function analysisEvidence(modules: readonly ModuleResult[]): AnalysisEvidence | null {
  const extractor = extractorResultSchema.safeParse(modules.find((module) => module.type === 'extractor')?.result);
  if (!extractor.success) return null;
  const documents = extractor.data.documents;
  const items = evidenceItems(modules, documents);
  const covers = labelCovers(modules);
  for (const [index, item] of items.entries()) {
    for (const span of item.spans) {
      const key = `${span.document}:${span.block}`;
      covers.set(key, [...(covers.get(key) ?? []), { start: span.start, end: span.end, item: index }]);
    }
  }
  return {
    items,
    documents: documents.map((doc, document) => {
      const blocks = doc.blocks.map((block, index) => ({
        block: index,
        page: block.page,
        text: block.text,
        segments: segmentsOf(block.text, (covers.get(`${document}:${index}`) ?? []).filter((cover) => cover.start < cover.end && cover.end <= block.text.length)),
      }));
      return { document, name: doc.name, source: doc.source, contentType: doc.contentType, fileId: doc.fileId, path: doc.path, blocks, boxes: boxesOf(extractor.data.ocrBoxes ?? [], document, blocks) };
    }),
  };
}
