import { describe, expect, it } from 'vitest';
import { ruleSchema, type Rule } from '../../../contract/categorization';
import { byPriority, duplicateRule, moveRule, nextPriority } from './rule-order';

const rule = (id: string, priority: number): Rule => ruleSchema.parse({ id, name: id, priority });

describe('rule order', () => {
  it('shows rules by priority, ties in their position', () => {
    expect(byPriority([rule('c', 30), rule('a', 10), rule('b', 10)]).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('moving a rule re-deals the category\'s own priorities, so it keeps its place among other categories', () => {
    const moved = moveRule([rule('a', 10), rule('b', 20), rule('c', 30)], 2, 0);
    expect(moved.map((r) => [r.id, r.priority])).toEqual([
      ['c', 10],
      ['a', 20],
      ['b', 30],
    ]);
  });

  it('breaks ties so the new order is the one the engine follows', () => {
    const moved = moveRule([rule('a', 5), rule('b', 5), rule('c', 5)], 2, 0);
    expect(moved.map((r) => [r.id, r.priority])).toEqual([
      ['c', 5],
      ['a', 6],
      ['b', 7],
    ]);
    expect(byPriority(moved).map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it('ignores moves past either end', () => {
    const rules = [rule('a', 1), rule('b', 2)];
    expect(moveRule(rules, 0, -1)).toEqual(rules);
    expect(moveRule(rules, 1, 2)).toEqual(rules);
  });

  it('puts a copy right after its original with a new id, and a new rule after the last', () => {
    const copied = duplicateRule([rule('a', 10), rule('b', 20)], 0, 'a2', 'a (copie)');
    expect(copied.map((r) => [r.id, r.name, r.priority])).toEqual([
      ['a', 'a', 10],
      ['a2', 'a (copie)', 10],
      ['b', 'b', 20],
    ]);
    expect(nextPriority(copied)).toBe(30);
    expect(nextPriority([])).toBe(100);
  });
});
