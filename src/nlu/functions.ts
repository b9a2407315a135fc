/**
 * Interaction functions (§3): named conditions an interaction must meet. Definitions — the screens
 * and docs/development/nlu-engine.md show the same text:
 *
 * - **Baseline**: the value of this interaction's parameter `parameterBaseline` when set, otherwise
 *   this interaction's span (from its first found value to its last).
 * - **Targets**:
 *   - with `interactionToFind`: that interaction, found complete in the same block — the values of
 *     its parameter `parameterToFind` when set, otherwise its whole span;
 *   - with only `parameterToFind`: the values of that parameter of this interaction;
 *   - with neither: every occurrence of the words of `stringValue` in the text (case and accents
 *     folded, exact words).
 *   With a target from an interaction or a parameter, `stringValue` (when set) keeps only the
 *   targets whose value or text equals it (case and accents folded).
 * - **Relations**, in words (punctuation does not count):
 *   - `interactionAfter`: a target starts after the baseline ends;
 *   - `interactionBefore`: a target ends before the baseline starts;
 *   - `interactionAround`: a target lies after or before the baseline (either side, no overlap);
 *   - `interactionRightAfter`: a target starts at the word right after the baseline;
 *   - `interactionRightBefore`: a target ends at the word right before the baseline.
 * - **`parameterName`**: when set, the condition is checked for each value of that parameter of this
 *   interaction (each value is its own baseline); values that fail are dropped, so the interaction
 *   may become incomplete. When not set, an interaction whose condition fails is not reported.
 * - A disabled function always holds.
 */
import { fold, tokenize } from './normalise';
import type { Match } from './matcher';
import type { InteractionFunctionSource } from './types';

export interface Found {
  id: string;
  context: string;
  complete: boolean;
  /** Parameter name → values (token ranges). */
  values: Map<string, Match[]>;
}

interface Range {
  first: number;
  last: number;
  value?: string;
  text?: string;
}

function spanOf(found: Found): Range | null {
  let first = Infinity;
  let last = -Infinity;
  for (const list of found.values.values()) {
    for (const m of list) {
      first = Math.min(first, m.first);
      last = Math.max(last, m.last);
    }
  }
  return first === Infinity ? null : { first, last };
}

function related(kind: InteractionFunctionSource['kind'], t: Range, b: Range): boolean {
  switch (kind) {
    case 'interactionAfter':
      return t.first >= b.last;
    case 'interactionBefore':
      return t.last <= b.first;
    case 'interactionAround':
      return t.first >= b.last || t.last <= b.first;
    case 'interactionRightAfter':
      return t.first === b.last;
    case 'interactionRightBefore':
      return t.last === b.first;
    default:
      return false;
  }
}

export interface FunctionContext {
  text: string;
  tokens: { folded: string; start: number; end: number }[];
  language: string;
  /** Every interaction found in the block before functions apply. */
  all: Found[];
}

function targetsOf(fn: InteractionFunctionSource, self: Found, ctx: FunctionContext): Range[] {
  const wanted = fn.stringValue ? fold(fn.stringValue.trim()) : null;
  const fromMatches = (list: Match[]): Range[] =>
    list
      .filter((m) => wanted === null || fold(m.value) === wanted || fold(ctx.text.slice(m.start, m.end)) === wanted)
      .map((m) => ({ first: m.first, last: m.last }));
  if (fn.interactionToFind) {
    const others = ctx.all.filter((f) => f.id === fn.interactionToFind && f.complete && f !== self);
    const preferred = others.some((f) => f.context === self.context) ? others.filter((f) => f.context === self.context) : others;
    const out: Range[] = [];
    for (const other of preferred) {
      if (fn.parameterToFind) out.push(...fromMatches(other.values.get(fn.parameterToFind) ?? []));
      else {
        const span = spanOf(other);
        if (span && wanted === null) out.push(span);
      }
    }
    return out;
  }
  if (fn.parameterToFind) return fromMatches(self.values.get(fn.parameterToFind) ?? []);
  if (!wanted) return [];
  const words = tokenize(wanted, ctx.language).map((t) => t.folded);
  if (words.length === 0) return [];
  const out: Range[] = [];
  for (let i = 0; i + words.length <= ctx.tokens.length; i++) {
    if (words.every((w, k) => ctx.tokens[i + k]!.folded === w)) out.push({ first: i, last: i + words.length });
  }
  return out;
}

/**
 * Applies the functions to one interaction found: returns its values with failing ones dropped,
 * or null when the interaction itself fails.
 */
export function applyFunctions(
  self: Found,
  functions: InteractionFunctionSource[],
  ctx: FunctionContext,
): Map<string, Match[]> | null {
  const values = new Map(self.values);
  for (const fn of functions) {
    if (!fn.enabled) continue;
    const targets = targetsOf(fn, self, ctx);
    if (fn.parameterName) {
      const kept = (values.get(fn.parameterName) ?? []).filter((v) =>
        targets.some((t) => related(fn.kind, t, { first: v.first, last: v.last })),
      );
      if (kept.length > 0) values.set(fn.parameterName, kept);
      else values.delete(fn.parameterName);
      continue;
    }
    const baselineValues = fn.parameterBaseline ? (values.get(fn.parameterBaseline) ?? []) : null;
    const baselines: Range[] = baselineValues
      ? baselineValues.map((m) => ({ first: m.first, last: m.last }))
      : [spanOf({ ...self, values })].filter((r): r is Range => r !== null);
    if (!baselines.some((b) => targets.some((t) => related(fn.kind, t, b)))) return null;
  }
  return values;
}
