/** The Liquid sandbox: limits stop runaway programs, errors carry their line, nothing reaches files. */
import { describe, expect, it } from 'vitest';
import { checkLiquidSyntax, renderSandboxed } from './sandbox';

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
});
