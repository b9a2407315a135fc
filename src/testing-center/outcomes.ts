/**
 * Per-message outcomes: for one message and one classification kind, which values are true
 * positives, false positives and false negatives once the domain rules are applied, each with the
 * rule that decided it. The rules are written down in README.md ("Testing center — domain rules,
 * test runs, results") and in the screens' help; keep the three in step.
 */
import {
  isLabelKind,
  NO_CATEGORY,
  NO_DOMAIN_RULE,
  NO_QUALIFIED,
  type Comparison,
  type DomainRules,
  type EvaluationKind,
  type KindRulesV2,
  type KindValues,
  type ValueOutcome,
  type ValuesByKind,
} from '../contract/testing-evaluation';
import { EXACT, labelKey, valuesMatch } from './compare-values';

export interface MessageInput {
  messageId: string;
  /** Per kind: absent = the message is not qualified for that kind. */
  expected: ValuesByKind;
  /** Per kind: absent = nothing obtained (also when the run ended in error or timeout). */
  obtained: ValuesByKind;
}

export type MessageOutcomes = Partial<Record<EvaluationKind, ValueOutcome[]>>;

const ruleOfComparison = (kindRules: KindRulesV2 | undefined, comparison: Comparison) => (kindRules === undefined ? 'exact' : `v2.${comparison.mode}`);

export function evaluateMessage(input: MessageInput, kinds: readonly EvaluationKind[], rules: DomainRules): MessageOutcomes {
  const result: MessageOutcomes = {};
  for (const kind of kinds) result[kind] = evaluateKind(kind, input.expected[kind], input.obtained[kind], rules);
  return result;
}

export function evaluateKind(kind: EvaluationKind, expected: KindValues | undefined, obtained: KindValues | undefined, rules: DomainRules): ValueOutcome[] {
  const kindRules = rules.v2.kinds.find((entry) => entry.kind === kind);
  if (expected === undefined) {
    // Not qualified: one NO_QUALIFIED false negative; what was obtained is kept for display only.
    return [{ value: NO_QUALIFIED, outcome: 'FN', rule: 'noQualified', obtained: obtained === undefined ? null : 'labels' in obtained ? obtained.labels : obtained.fields }];
  }
  return isLabelKind(kind) ? evaluateLabels(labelsOf(expected), labelsOf(obtained), rules, kindRules) : evaluateFields(fieldsOf(expected), fieldsOf(obtained), kindRules);
}

function labelsOf(values: KindValues | undefined): string[] {
  if (values === undefined) return [];
  return 'labels' in values ? values.labels : Object.keys(values.fields);
}

function fieldsOf(values: KindValues | undefined): Record<string, unknown> {
  if (values === undefined) return {};
  return 'fields' in values ? values.fields : Object.fromEntries(values.labels.map((label) => [label, true]));
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
  const comparison = kindRules?.comparison ?? EXACT;
  const baseRule = ruleOfComparison(kindRules, comparison);
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
      const key = labelKey(mapped.value, comparison);
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

function evaluateFields(expected: Record<string, unknown>, obtained: Record<string, unknown>, kindRules: KindRulesV2 | undefined): ValueOutcome[] {
  const rows: ValueOutcome[] = [];
  const names = [...new Set([...Object.keys(expected), ...Object.keys(obtained)])].sort();
  for (const field of names) {
    const own = kindRules?.fields.find((entry) => entry.field === field);
    const outOfRules = own === undefined && kindRules?.onlyListedFields === true;
    const comparison = own?.comparison ?? kindRules?.comparison ?? EXACT;
    const value = outOfRules ? NO_DOMAIN_RULE : field;
    const rule = outOfRules ? 'v2.noDomainRule' : own ? `v2.${own.comparison.mode}` : ruleOfComparison(kindRules, comparison);
    const want = expected[field];
    const got = obtained[field];
    const base = { value, rule, expected: want ?? null, obtained: got ?? null };
    if (present(want) && present(got)) {
      if (valuesMatch(want, got, comparison)) rows.push({ ...base, outcome: 'TP' });
      else rows.push({ ...base, outcome: 'FN' }, { ...base, outcome: 'FP' });
    } else if (present(want)) rows.push({ ...base, outcome: 'FN' });
    else if (present(got)) rows.push({ ...base, outcome: 'FP' });
  }
  return rows;
}
