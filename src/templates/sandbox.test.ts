/** The Liquid sandbox: limits stop runaway programs, errors carry their line, nothing reaches files. */
import { describe, expect, it } from 'vitest';
import { checkLiquidSyntax, renderSandboxed } from './sandbox';
import { RenderBudget } from './work-budget';

const limits = { timeMs: 150, outputChars: 1000, programChars: 10_000 };

describe('Liquid sandbox', () => {
  it('renders a program with the variables it is given', () => {
    const result = renderSandboxed('{% if interactions contains "resilierContrat" %}Résiliation{% endif %}\n{{ headers.subject | upcase }}', {
      interactions: ['resilierContrat'],
      headers: { subject: 'fin de contrat' },
    }, limits);
    expect(result).toEqual({ ok: true, output: 'Résiliation\nFIN DE CONTRAT' });
  });

  it('stops a loop that would run for hours at the time limit', () => {
    const started = performance.now();
    const result = renderSandboxed('{% for i in (1..5000) %}{% for j in (1..5000) %}{% endfor %}{% endfor %}done', {}, limits);
    const elapsed = performance.now() - started;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('timeLimit');
    expect(elapsed).toBeLessThan(limits.timeMs + 1000);
  });

  it("keeps its deadline whatever clock liquidjs reads (a web worker's Date.now())", () => {
    const budget = new RenderBudget(limits.timeMs, 1_000);
    // liquidjs's browser build, in a worker, passes Date.now(): ~1.7e12, far past any performance.now() deadline.
    expect(() => budget.renderLimit.check(Date.now())).not.toThrow();
  });

  it('stops a gigantic range and a doubling string on the memory limit', () => {
    const range = renderSandboxed('{% for i in (1..1000000000) %}x{% endfor %}', {}, limits);
    expect(!range.ok && range.error.code).toBe('memoryLimit');
    const doubling = renderSandboxed('{% assign s = "aaaaaaaaaa" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}', {}, limits);
    expect(doubling.ok).toBe(false);
  });

  it('cuts a huge output at the limit with an error', () => {
    const result = renderSandboxed('{% for i in (1..100000) %}abcdef{% endfor %}', {}, limits);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('outputTooLarge');
    expect(result.output.length).toBe(limits.outputChars);
  });

  it('reports syntax errors with their line and a plain message', () => {
    expect(checkLiquidSyntax('Résiliation\n{% if a %}\nfoo', limits)).toEqual({ code: 'syntax', line: 2, message: 'tag {% if a %} not closed' });
    expect(checkLiquidSyntax('a\nb\n{{ x | nofilter }}', limits)).toMatchObject({ code: 'syntax', line: 3 });
    expect(checkLiquidSyntax('{{ a }}', limits)).toBeNull();
    expect(renderSandboxed('{% for %}', {}, limits)).toMatchObject({ ok: false, error: { code: 'syntax', line: 1 } });
  });

  it('reads no file and no prototype', () => {
    const include = renderSandboxed('{% include "/etc/passwd" %}', {}, limits);
    expect(include.ok).toBe(false);
    expect(include.output).toBe('');
    expect(renderSandboxed('[{{ a.constructor }}][{{ a.__proto__ }}][{{ a.b }}]', { a: { b: 1 } }, limits)).toEqual({ ok: true, output: '[][][1]' });
  });

  // liquidjs checks its clock only between nodes: each of these ran for seconds inside one node
  // (20 s for the n² one) before the work budget charged every filter call and iteration.
  describe('work budget', () => {
    // A clock limit a loaded machine never reaches: what stops these programs is the step count.
    const budgetError = (program: string) => {
      const result = renderSandboxed(program, { items: Array.from({ length: 3000 }, (_, i) => ({ id: i })) }, { ...limits, timeMs: 60_000 });
      return result.ok ? `ok: ${result.output}` : `${result.error.code}: ${result.output}`;
    };

    it('stops an *_exp filter whose expression runs *_exp again over a range', () => {
      expect(budgetError('{% assign r = (1..3000) %}{{ r | where_exp: "x", "r | where_exp: \'y\', \'y == x\' | size" | size }}')).toBe('timeLimit: ');
      expect(budgetError('{{ items | group_by_exp: "x", "items | find_exp: \'y\', \'y.id == x.id\'" | size }}')).toBe('timeLimit: ');
    }, 10_000);

    it('stops an *_exp filter over a huge range before it runs', () => {
      expect(budgetError('before{{ (1..4000000) | where_exp: "x", "x > 1" | size }}')).toBe('timeLimit: before');
    }, 10_000);

    it('stops nested loops whose body filters a large list, at the first filter call', () => {
      expect(budgetError('{% assign r = (1..900000) %}{% for i in (1..3) %}{% for j in (1..3) %}[{{ r | sort | size }}]{% endfor %}{% endfor %}')).toBe('timeLimit: [');
      expect(budgetError('{% assign r = (1..900000) %}{% for i in (1..5) %}{{ r | has: "x", 0 }}{{ r | sum }}{% endfor %}')).toBe('timeLimit: ');
    }, 10_000);

    it('stops a string grown by append in a loop', () => {
      expect(budgetError('{% assign s = "x" %}{% for i in (1..100000) %}{% assign s = s | append: "xxxxxxxxxx" %}{% endfor %}{{ s | size }}')).toMatch(/^(timeLimit|memoryLimit): $/);
    }, 10_000);

    it('leaves ordinary programs alone', () => {
      expect(budgetError('{{ items | where_exp: "x", "x.id < 3" | map: "id" | join: "," }}|{% assign found = items | find: "id", 2999 %}{{ found.id }}|{{ (1..100) | sum }}')).toBe('ok: 0,1,2|2999|5050');
    });
  });
});
