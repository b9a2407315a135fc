/**
 * What the categorization engine reads. The server's runner builds it from the extractor's and the
 * NLU module's results; the test endpoint from a typed text; unit tests by hand.
 */
import type { CategorizationConfig, CategoryTarget } from '../contract/modules/categorization';
import type { NluInteractionResult } from '../contract/modules/nlu';

export type DocumentSource = 'main' | 'body' | 'attachment';

export interface EngineBlock {
  /** 1-based page, or null when the extractor did not split per page. */
  page: number | null;
  text: string;
  /** The NLU results of the block (every context the NLU module ran). */
  interactions: readonly NluInteractionResult[];
}

export interface EngineDocument {
  /** Index in the extractor's result. */
  index: number;
  name: string;
  source: DocumentSource;
  blocks: readonly EngineBlock[];
}

/** A category already given in the analysis (an earlier module, or an attachment of this one). */
export interface GivenCategory {
  name: string;
  target: CategoryTarget;
  document: number;
  documentName: string;
}

export interface TaintState {
  /** Taints on the whole analysis. */
  analysis: readonly string[];
  /** Taints on one document (by index). */
  documents: Readonly<Record<number, readonly string[]>>;
}

export interface CategorizationInput {
  config: CategorizationConfig;
  documents: readonly EngineDocument[];
  /** The module's input type: which documents it categorizes (null: all). */
  inputType: 'body' | 'attachment' | 'both' | null;
  /** Environment content settings. */
  multiCategory: boolean;
  attachmentCategoriesPerPage: boolean;
  /** Mail headers (names in lower case). */
  headers: Readonly<Record<string, string>>;
  metadata: Readonly<Record<string, unknown>>;
  /** Extracted data fields (field → value), per document index, and `analysis` for once-per-analysis fields. */
  extracted: { analysis: Readonly<Record<string, unknown>>; documents: Readonly<Record<number, Readonly<Record<string, unknown>>>> };
  /** The vision engine's values (`visionValues`: categories, answer, fields) when it ran before; absent: none. */
  vision?: Readonly<Record<string, unknown>>;
  /** Categories given by earlier modules. */
  given: readonly GivenCategory[];
  taints: TaintState;
  /** The module's `requiredTaints` (empty: not limited). */
  requiredTaints: readonly string[];
  /** Stop categorizing (count the rest) past this time (`now()` milliseconds). */
  deadline?: number;
  now?: () => number;
}

export const targetOf = (source: DocumentSource): CategoryTarget => (source === 'attachment' ? 'attachment' : 'body');
