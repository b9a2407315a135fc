import type { EvidenceKind } from '../../analyses/evidence';

/** The kind words are coloured by when they fed several things: a category, then a field, then a parameter. */
const STRENGTH: readonly EvidenceKind[] = ['category', 'field', 'parameter'];

export function evidenceKindOf(kinds: readonly EvidenceKind[]): EvidenceKind {
  return STRENGTH.find((kind) => kinds.includes(kind)) ?? 'parameter';
}
