/**
 * The project's domain rules (one row per project; none = no rules: every category in scope, every
 * value compared exactly) and the checks a saved set of rules must pass.
 */
import { eq } from 'drizzle-orm';
import { comparisonModes, EMPTY_DOMAIN_RULES, MODES_BY_FORMAT, type Comparison, type DomainRules, type DomainRulesV1, type DomainRulesV2 } from '../../src/contract/testing-evaluation';
import type { DomainRuleProblem } from '../../src/contract/testing-runs';
import type { ValueFormat } from '../../src/contract/modules/extraction';
import type { Database } from '../db/open';
import { testingDomainRules } from '../db/schema-testing-runs';
import { HttpError } from '../http-error';

export async function readDomainRules(db: Database, projectId: string): Promise<DomainRules> {
  const [row] = await db.select({ v1: testingDomainRules.v1, v2: testingDomainRules.v2 }).from(testingDomainRules).where(eq(testingDomainRules.projectId, projectId));
  return row ?? EMPTY_DOMAIN_RULES;
}

export async function saveDomainRules(db: Database, projectId: string, change: { v1?: DomainRulesV1; v2?: DomainRulesV2 }): Promise<DomainRules> {
  const current = await readDomainRules(db, projectId);
  const next: DomainRules = { v1: change.v1 ?? current.v1, v2: change.v2 ?? current.v2 };
  const problem = domainRulesProblem(next);
  if (problem !== null) {
    // The console reads `problem` and its params (texts `testRuns:domainRuleProblems.*`); `message` is for programs.
    throw new HttpError(422, { message: `Invalid domain rules: ${problem.text}`, code: 'domainRulesInvalid', params: { problem: problem.code, ...problem.params } });
  }
  await db
    .insert(testingDomainRules)
    .values({ projectId, v1: next.v1, v2: next.v2 })
    .onConflictDoUpdate({ target: testingDomainRules.projectId, set: { v1: next.v1, v2: next.v2, updatedAt: new Date() } });
  return next;
}

/** Why rules cannot be saved: a code (`DOMAIN_RULE_PROBLEMS`) and its names, and the English text for programs. */
export interface DomainRulesProblem {
  code: DomainRuleProblem;
  params: Record<string, string>;
  text: string;
}

const problem = (code: DomainRuleProblem, params: Record<string, string>, text: string): DomainRulesProblem => ({ code, params, text });

/** The first reason the rules cannot be saved. */
export function domainRulesProblem(rules: DomainRules): DomainRulesProblem | null {
  const { inScope, skipped, merged } = rules.v1;
  for (const { from, into } of merged) {
    if (from === into) return problem('mergedIntoItself', { from }, `"${from}" is merged into itself`);
    if (skipped.includes(into)) return problem('mergedIntoSkipped', { from, into }, `"${from}" is merged into "${into}", which is skipped`);
    if (skipped.includes(from)) return problem('skippedAndMerged', { from }, `"${from}" is both skipped and merged`);
    if (inScope.length > 0 && !inScope.includes(into)) return problem('mergedOutOfScope', { from, into }, `"${from}" is merged into "${into}", which is not in scope`);
  }
  if (new Set(merged.map((merge) => merge.from)).size !== merged.length) return problem('mergedTwice', {}, 'a category is merged twice');
  const both = skipped.find((category) => inScope.includes(category));
  if (both !== undefined) return problem('inScopeAndSkipped', { category: both }, `"${both}" is both in scope and skipped`);
  const kinds = rules.v2.kinds.map((entry) => entry.kind);
  if (new Set(kinds).size !== kinds.length) return problem('kindTwice', {}, 'a classification kind has two rules');
  for (const { kind, formats, fields } of rules.v2.kinds) {
    for (const [format, comparison] of Object.entries(formats) as [ValueFormat, Comparison][]) {
      if (!MODES_BY_FORMAT[format].includes(comparison.mode)) return problem('modeNotForFormat', { kind, mode: comparison.mode, format }, `${kind}: "${comparison.mode}" does not apply to ${format} values`);
      if (!comparisonModes(kind, format).includes(comparison.mode)) return problem('modeNotForKind', { kind, mode: comparison.mode }, `${kind}: "${comparison.mode}" does not apply to categories (exact or insensitive only)`);
    }
    if (new Set(fields.map((entry) => entry.field)).size !== fields.length) return problem('fieldTwice', { kind }, `${kind}: a field has two rules`);
  }
  return null;
}
