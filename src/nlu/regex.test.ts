import { describe, expect, it } from 'vitest';
import { compilePcre, expandAliases, translatePcre, type InlineRegex } from './regex';

const ok = (pcre: string) => {
  const r = translatePcre(pcre);
  if ('code' in r) throw new Error(r.detail);
  return r.source;
};
const refused = (pcre: string) => {
  const r = compilePcre(pcre, new Map());
  return 'code' in r ? [r.code, r.detail] : null;
};
/** What the console translates: the code and its parameters (codes of ours, never an English sentence). */
const refusedParams = (pcre: string) => {
  const r = compilePcre(pcre, new Map());
  return 'code' in r ? [r.code, r.params] : null;
};

describe('PCRE → JavaScript', () => {
  it('translates named groups and back-references', () => {
    expect(ok('(?P<year>\\d{4})-(?P=year)')).toBe('(?<year>\\d{4})-\\k<year>');
    expect(ok("(?'a'x)\\k{a}\\k'a'\\g{1}\\g1")).toBe('(?<a>x)\\k<a>\\k<a>\\1\\1');
    // A back-reference: RE2 has none, so this one runs on JavaScript's engine.
    const re = compilePcre('(?P<w>\\w+) (?P=w)', new Map()) as InlineRegex;
    expect([re.engine, re.prefixMatch('bye bye!'), re.prefixMatch('bye now')]).toEqual(['js', 7, -1]);
  });

  it('translates anchors, \\h, \\Q…\\E, comments, a leading (?i), POSIX classes and identity escapes', () => {
    expect(ok('\\Aab\\z')).toBe('^ab$');
    expect(ok('a\\hb')).toBe('a[\\t \\u00a0]b');
    expect(ok('\\Q1+1=2?\\E')).toBe('1\\+1=2\\?');
    expect(ok('a(?# note)b')).toBe('ab');
    expect(ok('(?i)abc')).toBe('abc');
    expect(ok('[[:digit:]]+')).toBe('[0-9]+');
    expect(ok('\\@\\#\\-')).toBe('@#-');
    expect(ok('\\pL+')).toBe('\\p{L}+');
    expect((compilePcre('\\pL+', new Map()) as InlineRegex).prefixMatch('été!')).toBe(3);
  });

  it('translates atomic groups and possessive quantifiers to their exact equivalent, a look-ahead and its back-reference', () => {
    expect(ok('0?+[1-9]')).toBe('(?:(?=(?<pcreAtomic1>0?))\\k<pcreAtomic1>)[1-9]');
    expect(ok('(?>ab|a)c')).toBe('(?:(?=(?<pcreAtomic1>ab|a))\\k<pcreAtomic1>)c');
    const matches = (pattern: string, texts: string[]) => {
      const regex = compilePcre(pattern, new Map()) as InlineRegex;
      return texts.map((text) => regex.prefixMatch(text));
    };
    // The original platform's date alias: a day with or without its leading zero.
    expect(matches('0?+[1-9]', ['05', '5', '00'])).toEqual([2, 1, -1]);
    // What the possessive or atomic part took is never given back, as in PCRE.
    expect(matches('a*+a', ['aaa'])).toEqual([-1]);
    expect(matches('(?>ab|a)c', ['abc', 'ac', 'abac'])).toEqual([3, 2, -1]);
    for (const quantified of ['[ab]++c', '[ab]*+c', '[ab]{1,5}+c']) expect(matches(quantified, ['ababc', 'abab']), quantified).toEqual([5, -1]);
    // The groups added do not shift the numbers of the pattern's own back-references.
    expect(matches('(\\w)x\\1(?>y+)(z)\\2', ['axayyzz', 'axbyzz', 'axayyzy'])).toEqual([7, -1, -1]);
    expect(matches('(a)(?>b)\\g{1}', ['aba', 'abb'])).toEqual([3, -1]);
    // An atomic group repeated is no catastrophic backtracking: accepted, and quick on a long miss.
    expect(matches('(?>a+)+b', ['aaab', 'a'.repeat(5000)])).toEqual([4, -1]);
  });

  it('refuses what JavaScript cannot express', () => {
    expect(refused('\\Qa+\\E++')).toEqual(['unsupportedRegex', 'possessive quantifier']);
    expect(refused('(?|a|b)')).toEqual(['unsupportedRegex', 'branch reset (?|…)']);
    expect(refused('(?(1)a|b)')).toEqual(['unsupportedRegex', 'conditional (?(…)…)']);
    expect(refused('a(?R)?')).toEqual(['unsupportedRegex', 'recursion']);
    expect(refused('(?-i)a')).toEqual(['unsupportedRegex', 'inline flags']);
    expect(refused('\\Ga')).toEqual(['unsupportedRegex', '\\G']);
  });

  it('refuses nested quantifiers, the source of catastrophic backtracking, where JavaScript must run them', () => {
    // On RE2 (no back-reference, no look-around) they are linear: accepted.
    for (const pattern of ['(a+)+b', '(?:\\w*\\s?)*x', '((a+))*', '(a?)+', '(a|aa)*b', '(?:x(a|b))+']) expect(refused(pattern), pattern).toBeNull();
    expect(refused('(a+)+(?=b)')).toEqual(['unsupportedRegex', 'nested quantifier']);
    expect(refused('(?:\\w*\\s?)*(x)\\1')).toEqual(['unsupportedRegex', 'nested quantifier']);
    expect(refused('((a+))*(?!x)')).toEqual(['unsupportedRegex', 'nested quantifier']);
    expect(refused('(a?)+(?<=a)')).toEqual(['unsupportedRegex', 'nested quantifier']);
    expect(refused('(a|aa)*(?=b)')).toEqual(['unsupportedRegex', 'alternation under a repeat']);
    expect(refused('(?:x(a|b))+\\1')).toEqual(['unsupportedRegex', 'alternation under a repeat']);
    expect(refused('(ab)+(cd)?\\d{2,}(a|b)?[ab]+')).toBeNull();
  });

  it('reports our own syntax checks by code, the JavaScript engine\'s refusal as its message', () => {
    expect(refusedParams('[a-')).toEqual(['regexSyntax', { problem: 'unterminatedClass' }]);
    expect(refusedParams('a)')).toEqual(['regexSyntax', { problem: 'unmatchedParen' }]);
    expect(refusedParams('(a')).toEqual(['regexSyntax', { problem: 'unterminatedGroup' }]);
    expect(refusedParams('a\\')).toEqual(['regexSyntax', { problem: 'trailingBackslash' }]);
    expect(refusedParams("\\k{a")).toEqual(['regexSyntax', { problem: 'unterminatedReference' }]);
    const engine = refusedParams('a{2,1}');
    expect(engine?.[0]).toBe('badRegex');
    expect((engine?.[1] as { reason: string }).reason).toMatch(/numbers out of order/i);
  });

  it('names refused constructs by code', () => {
    expect(refusedParams('\\Qa\\E*+')).toEqual(['unsupportedRegex', { construct: 'possessiveQuantifier' }]);
    expect(refusedParams('(a|aa)*(?=b)')).toEqual(['unsupportedRegex', { construct: 'alternationUnderRepeat' }]);
    expect(refusedParams('\\Ga')).toEqual(['unsupportedRegex', { construct: 'escape', escape: '\\G' }]);
    expect(refusedParams('[[:foo:]]')).toEqual(['unsupportedRegex', { construct: 'posixClass' }]);
    expect(refusedParams('#nope#')).toEqual(['unknownAlias', { name: 'nope' }]);
  });

  it('expands aliases', () => {
    expect(expandAliases('#d#-#d#', new Map([['d', '\\d{2}']]))).toBe('(?:\\d{2})-(?:\\d{2})');
    expect((compilePcre('#d#-#d#', new Map([['d', '\\d{2}']])) as InlineRegex).prefixMatch('12-34 x')).toBe(5);
  });
});
