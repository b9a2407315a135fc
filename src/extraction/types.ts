/**
 * What the extraction engine reads. The server's step builds it from the extractor's and the NLU
 * modules' results (the categorization engine's documents, src/categorization/from-results.ts); the
 * test endpoint from a typed text; unit tests by hand.
 */
import type { ExtractionConfig } from '../contract/modules/extraction';
import type { NluInteractionResult } from '../contract/modules/nlu';
import type { EvidenceSpan } from '../contract/modules/evidence-span';
import type { EngineDocument, TaintState } from '../categorization/types';
import type { NluLanguage } from '../nlu/types';

export type { EngineDocument };

export interface ExtractionInput {
  config: ExtractionConfig;
  documents: readonly EngineDocument[];
  /** The module's input type: null runs once on the whole analysis; otherwise once per selected document. */
  inputType: 'body' | 'attachment' | 'both' | null;
  /** Mail headers (names in lower case). */
  headers: Readonly<Record<string, string>>;
  metadata: Readonly<Record<string, unknown>>;
  /** Language dates and numbers are read in. */
  language: NluLanguage;
  /** Reference of relative dates ("hier"); the analysis's creation. */
  now: Date;
  /**
   * Taints carried so far and the module's `requiredTaints`: per document, only the documents
   * carrying one (or all of them when the analysis does). Once per analysis the run itself decides.
   */
  taints?: TaintState;
  requiredTaints?: readonly string[];
  /** Stop (fields left null, with an error) past this time (`Date.now()` milliseconds). */
  deadline?: number;
}

/** What one run of the fields reads: one document, or the whole analysis. */
export interface ExtractionScope {
  text: string;
  document: EngineDocument | null;
  documents: readonly EngineDocument[];
  interactions: readonly NluInteractionResult[];
  headers: Readonly<Record<string, string>>;
  metadata: Readonly<Record<string, unknown>>;
  language: NluLanguage;
  now: Date;
  /** Where the range [start, end) of `text` stands in the documents (evidence.ts; null: in no block). */
  spanAt(start: number, end: number): EvidenceSpan | null;
}
