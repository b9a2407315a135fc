/**
 * `*` globs on file names (the consolidation-source criterion's `constat*.pdf`), matched without a
 * regular expression: the attachment's name is chosen by the sender and the glob by a configurator,
 * and `*a*a*a*a*a*b` turned into `.*a.*a.*a.*a.*a.*b` backtracks in n⁶ on a long name. This is the
 * classic two-pointer match that, on a mismatch, goes back to the last `*` only (each `*` taking one
 * more character): at most name × pattern steps, whatever both hold.
 */

/** Does `name` match `pattern`, where `*` stands for any run of characters (none included)? Case is ignored. */
export function globMatches(pattern: string, name: string): boolean {
  const glob = pattern.toLowerCase();
  const text = name.toLowerCase();
  let at = 0; // in glob
  let cursor = 0; // in text
  let star = -1; // the last `*` met in glob
  let resume = 0; // where in text the characters that `*` takes end
  while (cursor < text.length) {
    if (at < glob.length && glob[at] === '*') {
      star = at++;
      resume = cursor;
    } else if (at < glob.length && glob[at] === text[cursor]) {
      at++;
      cursor++;
    } else if (star >= 0) {
      // Only the last `*` needs to take one more character: what the earlier ones took cannot help.
      at = star + 1;
      cursor = ++resume;
    } else return false;
  }
  while (at < glob.length && glob[at] === '*') at++;
  return at === glob.length;
}
