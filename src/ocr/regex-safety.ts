/**
 * Catastrophic backtracking in the field rules' regular expressions (JavaScript syntax). Rules run
 * on the server's event loop, on every OCR line of every document, so a pattern such as `(a+)+$`
 * would freeze the process on one unlucky line. Refused, as the NLU's inline regexes are
 * (src/nlu/regex.ts), but in a form that keeps bounded repeats such as the IBAN's
 * `(?: ?[A-Z0-9]{4}){2,7}`:
 * - a group repeated more than once (`*`, `+`, `{n,}`, `{n,m}` with m > 1) may not contain an
 *   unbounded quantifier (`*`, `+`, `{n,}`): `(a+)+`, `(\w*\s)*`, `(\d+){2,5}`;
 * - a group repeated without bound may not contain an alternation: `(a|aa)*` (write `[ab]+`, or
 *   repeat outside the choice).
 * What remains backtracks polynomially on a line of OCR text, which is short.
 */

type Quantifier = { unbounded: boolean; repeats: boolean; length: number };

/** The quantifier starting at `at`, if any. */
function quantifierAt(pattern: string, at: number): Quantifier | null {
  const char = pattern[at];
  const lazy = (end: number) => (pattern[end] === '?' ? 1 : 0);
  if (char === '*' || char === '+') return { unbounded: true, repeats: true, length: 1 + lazy(at + 1) };
  if (char === '?') return { unbounded: false, repeats: false, length: 1 + lazy(at + 1) };
  if (char !== '{') return null;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
  return { unbounded: max === Infinity, repeats: max > 1, length: match[0].length + lazy(at + match[0].length) };
}

/** Why the pattern may backtrack catastrophically, or null when it may not. Expects a pattern that compiles. */
export function backtrackingRisk(pattern: string): string | null {
  // For each open group: whether it holds an unbounded quantifier, and an alternation.
  const groups: { unbounded: boolean; alternation: boolean }[] = [{ unbounded: false, alternation: false }];
  let inClass = false;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at];
    if (char === '\\') {
      at++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      continue;
    }
    const top = groups[groups.length - 1]!;
    if (char === '|') top.alternation = true;
    else if (char === '(') groups.push({ unbounded: false, alternation: false });
    else if (char === ')') {
      const closed = groups.pop()!;
      const quantifier = quantifierAt(pattern, at + 1);
      if (quantifier?.repeats && closed.unbounded) return `a repeated group holds an unbounded repeat (near character ${at + 1})`;
      if (quantifier?.unbounded && closed.alternation) return `a group repeated without bound holds a choice (near character ${at + 1})`;
      const parent = groups[groups.length - 1]!;
      parent.unbounded ||= closed.unbounded || Boolean(quantifier?.unbounded);
      parent.alternation ||= closed.alternation;
      if (quantifier) at += quantifier.length;
    } else {
      const quantifier = quantifierAt(pattern, at);
      if (quantifier && at > 0) {
        top.unbounded ||= quantifier.unbounded;
        at += quantifier.length - 1;
      }
    }
  }
  return null;
}
