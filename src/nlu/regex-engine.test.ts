/**
 * Inline regexes run on RE2 (linear in the text) unless they need a back-reference or a
 * look-around: a regex with stacked quantifiers, which JavaScript's engine backtracks on for
 * seconds in each 200-character window, answers at once and right.
 */
import { describe, expect, it } from 'vitest';
import { compilePcre, type InlineRegex } from './regex';
import { labelsOf } from './test-support/engine';

describe('inline regexes on RE2', () => {
  it('runs ordinary regexes on RE2 and keeps back-references and look-arounds on JavaScript', () => {
    const engineOf = (source: string) => (compilePcre(source, new Map()) as InlineRegex).engine;
    expect(['[A-Z]{2}-\\d{5}', '\\w*\\w*\\w*!', '(?P<y>\\d{4})', 'a\\hb'].map(engineOf)).toEqual(['re2', 're2', 're2', 're2']);
    expect(['(?P<w>\\w+) (?P=w)', 'ab(?=c)', '(?<!x)ab'].map(engineOf)).toEqual(['js', 'js', 'js']);
    expect((compilePcre('a\\hb', new Map()) as InlineRegex).prefixMatch('a\u00a0b')).toBe(3);
  });

  it('matches a regex of stacked quantifiers at once on a long word', () => {
    const text = `${'a'.repeat(3000)} ref ${'b'.repeat(40)}7 fin`;
    expect(labelsOf({ code: '<<\\w*\\w*\\w*\\w*\\w*\\w*7>>' }, text)).toEqual([`code:${'b'.repeat(40)}7`]);
  }, 10_000);
});
