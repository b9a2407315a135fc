/**
 * A block of a document's text with the evidence over it, in runs: what the text view marks and what
 * the OCR boxes of a scanned page read their marks from (evidence.ts builds them, evidence-boxes.ts reads them).
 */

/** A run of a block's text with the same evidence over it. */
export interface Segment {
  start: number;
  end: number;
  /** Positions in `items` of what these characters fed (none: plain text, or labels only). */
  items: number[];
  /** NLU archetypes labelled over these characters. */
  labels: string[];
}

export interface BlockEvidence {
  block: number;
  page: number | null;
  text: string;
  segments: Segment[];
}
