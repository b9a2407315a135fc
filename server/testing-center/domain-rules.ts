/**
 * The project's domain rules (one row per project; none = no rules: every category in scope, every
 * value compared exactly) and the checks a saved set of rules must pass.
 */
import { eq } from 'drizzle-orm';
import { EMPTY_DOMAIN_RULES, type Comparison, type DomainRules, type DomainRulesV1, type DomainRulesV2 } from '../../src/contract/testing-evaluation';
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
  if (problem !== null) throw new HttpError(422, { message: `Invalid domain rules: ${problem}`, code: 'domainRulesInvalid', detail: problem });
  await db
    .insert(testingDomainRules)
    .values({ projectId, v1: next.v1, v2: next.v2 })
    .onConflictDoUpdate({ target: testingDomainRules.projectId, set: { v1: next.v1, v2: next.v2, updatedAt: new Date() } });
  return next;
}

/** Comparison modes that make sense per value format (a field's own rule may use any). */
export const MODES_BY_FORMAT: Record<ValueFormat, readonly Comparison['mode'][]> = {
  string: ['exact', 'insensitive', 'sameDay'],
  number: ['exact', 'tolerance'],
  array: ['exact', 'set'],
  boolean: ['exact'],
  object: ['exact'],
};

/** The first reason the rules cannot be saved, in English (the console shows the code's text with it). */
export function domainRulesProblem(rules: DomainRules): string | null {
  const { inScope, skipped, merged } = rules.v1;
  for (const merge of merged) {
    if (merge.from === merge.into) return `"${merge.from}" is merged into itself`;
    if (skipped.includes(merge.into)) return `"${merge.from}" is merged into "${merge.into}", which is skipped`;
    if (skipped.includes(merge.from)) return `"${merge.from}" is both skipped and merged`;
    if (inScope.length > 0 && !inScope.includes(merge.into)) return `"${merge.from}" is merged into "${merge.into}", which is not in scope`;
  }
  if (new Set(merged.map((merge) => merge.from)).size !== merged.length) return 'a category is merged twice';
  const both = skipped.find((category) => inScope.includes(category));
  if (both !== undefined) return `"${both}" is both in scope and skipped`;
  const kinds = rules.v2.kinds.map((entry) => entry.kind);
  if (new Set(kinds).size !== kinds.length) return 'a classification kind has two rules';
  for (const kindRules of rules.v2.kinds) {
    for (const [format, comparison] of Object.entries(kindRules.formats) as [ValueFormat, Comparison][]) {
      if (!MODES_BY_FORMAT[format].includes(comparison.mode)) return `${kindRules.kind}: "${comparison.mode}" does not apply to ${format} values`;
    }
    const fields = kindRules.fields.map((entry) => entry.field);
    if (new Set(fields).size !== fields.length) return `${kindRules.kind}: a field has two rules`;
  }
  return null;
}
