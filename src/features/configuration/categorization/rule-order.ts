/**
 * The order of a category's rules. The table shows them by priority (1 first; ties keep their
 * position, as the engine breaks them). Moving a rule re-deals the category's own priority numbers
 * in the new order: the category keeps the same span of priorities, so its place among the other
 * categories' rules (which the engine compares across categories) does not change.
 */
import type { Rule } from '../../../contract/categorization';

export function byPriority(rules: readonly Rule[]): Rule[] {
  return rules.map((rule, index) => ({ rule, index })).sort((a, b) => a.rule.priority - b.rule.priority || a.index - b.index).map(({ rule }) => rule);
}

/** Moves the rule at `from` (in priority order) to `to` and renumbers; out-of-range moves change nothing. */
export function moveRule(rules: readonly Rule[], from: number, to: number): Rule[] {
  const ordered = byPriority(rules);
  if (from === to || from < 0 || to < 0 || from >= ordered.length || to >= ordered.length) return ordered;
  const priorities = ordered.map((rule) => rule.priority);
  const [moved] = ordered.splice(from, 1);
  ordered.splice(to, 0, moved!);
  // Equal numbers would let the old tie order win again: make each strictly after the one before it.
  let previous = -1;
  return ordered.map((rule, index) => {
    const priority = Math.max(priorities[index]!, previous + 1);
    previous = priority;
    return { ...rule, priority };
  });
}

/** The copy goes right after its original, with the same priority (the tie keeps it after). */
export function duplicateRule(rules: readonly Rule[], index: number, id: string, name: string): Rule[] {
  const ordered = byPriority(rules);
  const original = ordered[index];
  if (!original) return ordered;
  ordered.splice(index + 1, 0, { ...structuredClone(original), id, name });
  return ordered;
}

/** A new rule's priority: after the category's last rule. */
export function nextPriority(rules: readonly Rule[]): number {
  return rules.length === 0 ? 100 : Math.min(1_000_000, Math.max(...rules.map((rule) => rule.priority)) + 10);
}
