/**
 * Per-message outcomes: for one message and one classification kind, which values are true
 * positives, false positives and false negatives once the domain rules are applied, each with the
 * rule that decided it. The rules are written down in docs/guide/testing-center.md ("Testing center — domain rules,
 * test runs, results") and in the screens' help; keep the three in step.
 */
import {
  isAttachmentKind,
  isLabelKind,
  NO_CATEGORY,
  NO_DOMAIN_RULE,
  NO_QUALIFIED,
  type Comparison,
  type DomainRules,
  type EvaluatedEntry,
  type EvaluatedExpectation,
  type EvaluationKind,
  type KindRulesV2,
  type ValueOutcome,
} from '../contract/testing-evaluation';
import { EXACT, labelKey, valuesMatch } from './compare-values';

export interface MessageInput {
  messageId: string;
  /** Per kind: absent, or not `qualified`, = the message is not qualified for that kind. */
  expected: Partial<Record<EvaluationKind, EvaluatedExpectation>>;
  /** Per kind: absent = nothing obtained (also when the run ended in error or timeout). */
  obtained: Partial<Record<EvaluationKind, readonly EvaluatedEntry[]>>;
}

export type MessageOutcomes = Partial<Record<EvaluationKind, ValueOutcome[]>>;

export function evaluateMessage(input: MessageInput, kinds: readonly EvaluationKind[], rules: DomainRules): MessageOutcomes {
  const result: MessageOutcomes = {};
  for (const kind of kinds) result[kind] = evaluateKind(kind, input.expected[kind], input.obtained[kind], rules);
  return result;
}

/** The categories an entry holds: a string, or the items of an array. */
function labelsOfEntries(entries: readonly EvaluatedEntry[]): string[] {
  return entries.flatMap((entry) => (Array.isArray(entry.value) ? entry.value.map(String) : entry.value === null || entry.value === undefined || entry.value === '' ? [] : [String(entry.value)]));
}

export function evaluateKind(kind: EvaluationKind, expected: EvaluatedExpectation | undefined, obtained: readonly EvaluatedEntry[] | undefined, rules: DomainRules): ValueOutcome[] {
  const kindRules = rules.v2.kinds.find((entry) => entry.kind === kind);
  if (expected === undefined || !expected.qualified) {
    // Not qualified: one NO_QUALIFIED false negative; what was obtained is kept for display only.
    const got = obtained ?? [];
    return [{ value: NO_QUALIFIED, outcome: 'FN', rule: 'noQualified', obtained: isLabelKind(kind) ? labelsOfEntries(got) : Object.fromEntries(got.map((entry) => [entry.key, entry.value])) }];
  }
  const got = obtained ?? [];
  // Attachment kinds: each attachment is evaluated on its own (by file name); others as one document.
  const documents: (string | null)[] = isAttachmentKind(kind) ? [...new Set([...expected.values, ...got].map((entry) => entry.document ?? ''))].sort() : [null];
  if (documents.length === 0) documents.push(null);
  const rows: ValueOutcome[] = [];
  for (const document of documents) {
    const inDocument = (entry: EvaluatedEntry) => document === null || (entry.document ?? '') === document;
    const want = expected.values.filter(inDocument);
    const have = got.filter(inDocument);
    const documentRows = isLabelKind(kind) ? evaluateLabels(labelsOfEntries(want), labelsOfEntries(have), rules, kindRules) : evaluateFields(want, have, kindRules);
    for (const row of documentRows) rows.push(document === null ? row : { ...row, document });
  }
  return rows;
}

type Mapped = { skipped: true; label: string } | { skipped: false; label: string; value: string; rule: string | null };

/** Domain rules v1 on one label: skipped, merged into another, out of the rules (NO_DOMAIN_RULE) or kept. */
function mapLabel(label: string, rules: DomainRules, comparison: Comparison): Mapped {
  const key = (text: string) => labelKey(text, comparison);
  const { inScope, skipped, merged } = rules.v1;
  if (skipped.some((entry) => key(entry) === key(label))) return { skipped: true, label };
  const merge = merged.find((entry) => key(entry.from) === key(label));
  const value = merge?.into ?? label;
  if (inScope.length > 0 && !inScope.some((entry) => key(entry) === key(value)) && merge === undefined) {
    return { skipped: false, label, value: NO_DOMAIN_RULE, rule: 'v1.noDomainRule' };
  }
  return { skipped: false, label, value, rule: merge ? 'v1.merged' : null };
}

function evaluateLabels(expected: string[], obtained: string[], rules: DomainRules, kindRules: KindRulesV2 | undefined): ValueOutcome[] {
  const comparison = kindRules?.formats.string ?? EXACT;
  const baseRule = kindRules?.formats.string ? `v2.${comparison.mode}` : 'exact';
  const rows: ValueOutcome[] = [];
  const mappedExpected = expected.map((label) => mapLabel(label, rules, comparison));
  const mappedObtained = obtained.map((label) => mapLabel(label, rules, comparison));
  for (const mapped of [...mappedExpected, ...mappedObtained]) {
    if (mapped.skipped) rows.push({ value: mapped.label, outcome: 'SKIPPED', rule: 'v1.skipped' });
  }
  const keptExpected = mappedExpected.filter((mapped) => !mapped.skipped);
  // Every expected category is skipped: the message is out of this kind's evaluation.
  if (expected.length > 0 && keptExpected.length === 0) return rows;
  const keptObtained = mappedObtained.filter((mapped) => !mapped.skipped);
  const side = (kept: Mapped[], emptyRule: string) => {
    const entries = new Map<string, { value: string; rule: string }>();
    for (const mapped of kept) {
      if (mapped.skipped) continue;
      // Two different categories outside the rules are not a match: each stays NO_DOMAIN_RULE
      // under its own key, so only the same out-of-scope category on both sides is a TP.
      const key = mapped.value === NO_DOMAIN_RULE ? `${NO_DOMAIN_RULE}\u0000${labelKey(mapped.label, comparison)}` : labelKey(mapped.value, comparison);
      if (!entries.has(key)) entries.set(key, { value: mapped.value, rule: mapped.rule ?? baseRule });
    }
    // Nothing on this side: NO_CATEGORY stands for it, so the message is still counted.
    if (entries.size === 0) entries.set(NO_CATEGORY, { value: NO_CATEGORY, rule: emptyRule });
    return entries;
  };
  const expectedSide = side(keptExpected, 'noCategoryExpected');
  const obtainedSide = side(keptObtained, 'noCategoryObtained');
  for (const [key, entry] of expectedSide) {
    const got = obtainedSide.get(key);
    rows.push({ value: entry.value, outcome: got ? 'TP' : 'FN', rule: got && entry.rule === baseRule ? got.rule : entry.rule, expected: entry.value, obtained: got?.value ?? null });
  }
  for (const [key, entry] of obtainedSide) {
    if (!expectedSide.has(key)) rows.push({ value: entry.value, outcome: 'FP', rule: entry.rule, expected: null, obtained: entry.value });
  }
  return rows;
}

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
}

function evaluateFields(expected: readonly EvaluatedEntry[], obtained: readonly EvaluatedEntry[], kindRules: KindRulesV2 | undefined): ValueOutcome[] {
  const rows: ValueOutcome[] = [];
  const want = new Map(expected.map((entry) => [entry.key, entry]));
  const have = new Map(obtained.map((entry) => [entry.key, entry]));
  const names = [...new Set([...want.keys(), ...have.keys()])].sort();
  for (const field of names) {
    const expectedEntry = want.get(field);
    const obtainedEntry = have.get(field);
    const own = kindRules?.fields.find((entry) => entry.field === field);
    const outOfRules = own === undefined && kindRules?.onlyListedFields === true;
    // The expected value's format decides (the qualifier typed it); else the obtained one's.
    const format = expectedEntry?.format ?? obtainedEntry?.format ?? 'string';
    const byFormat = kindRules?.formats[format];
    const comparison = own?.comparison ?? byFormat ?? EXACT;
    const value = outOfRules ? NO_DOMAIN_RULE : field;
    const rule = outOfRules ? 'v2.noDomainRule' : own || byFormat ? `v2.${comparison.mode}` : 'exact';
    const wanted = expectedEntry?.value;
    const got = obtainedEntry?.value;
    const base = { value, rule, expected: wanted ?? null, obtained: got ?? null };
    if (present(wanted) && present(got)) {
      if (valuesMatch(wanted, got, comparison)) rows.push({ ...base, outcome: 'TP' });
      else rows.push({ ...base, outcome: 'FN' }, { ...base, outcome: 'FP' });
    } else if (present(wanted)) rows.push({ ...base, outcome: 'FN' });
    else if (present(got)) rows.push({ ...base, outcome: 'FP' });
  }
  return rows;
}
