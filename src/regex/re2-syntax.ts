/**
 * User regular expressions are written in JavaScript's syntax (or translated to it) and run on
 * RE2JS, whose escapes differ in one point users meet: RE2 has no `\uXXXX` / `\u{X}`, only
 * `\x{X}`. An escaped backslash (`\\u`) is left alone.
 */
export function toRe2Syntax(pattern: string): string {
  return pattern.replace(/\\(\\|u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4}))/g, (whole, _escape: string, braced?: string, four?: string) =>
    braced !== undefined ? `\\x{${braced}}` : four !== undefined ? `\\x{${four}}` : whole,
  );
}
