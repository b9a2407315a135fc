/** Small readings of a dictionary text the screens show without running the engine. */

/** Entry lines: not empty, not a `//` comment, not a `#DIRECTIVE`, not a `->child` line. */
export function countEntries(text: string | undefined): number {
  if (!text) return 0;
  return text.split('\n').filter((raw) => {
    const line = raw.trim();
    return line !== '' && !line.startsWith('//') && !/^#[A-Z_]+/.test(line) && !line.startsWith('->');
  }).length;
}

/** The directives that change what the variation helper shows. */
export function directivesOf(text: string | undefined): { variation: boolean; spellcheck: boolean } {
  const lines = (text ?? '').split('\n').map((line) => line.trim());
  return { variation: !lines.includes('#VARIATION_OFF'), spellcheck: !lines.includes('#SPELLCHECK_OFF') };
}
