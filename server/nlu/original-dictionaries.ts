/**
 * Archetype dictionaries between the original platform's export (a `dict` and a `regex` text per
 * language, flags `dict_first_is_id`, `regex_first_is_id`, `dict_invariable`) and ours (one text per
 * language, directives on top, inline regexes `<<…>>`):
 * - `#ID_ON` when either side has first-is-id; a line of the other side gets its first item repeated
 *   (the canonical form stays matched), so the meaning is kept;
 * - `#VARIATION_OFF` for `dict_invariable`;
 * - each regex line's items are wrapped in `<<…>>` (its identifier, under first-is-id, is not).
 * Back: a line whose matched items are all `<<…>>` is a regex line. A file whose two flags agree
 * comes back exactly as it was read.
 */
import type { OriginalArchetype } from '../../src/contract/nlu-transfer';

const isEntry = (line: string) => {
  const trimmed = line.trim();
  return trimmed !== '' && !trimmed.startsWith('//') && !trimmed.startsWith('#') && !trimmed.startsWith('->');
};
const itemsOf = (line: string) => line.split(';').map((item) => item.trim()).filter((item) => item !== '');
const WRAPPED = /^<<(.*)>>$/s;

export interface OriginalTexts {
  dict: string | undefined;
  regex: string | undefined;
}

/** One language of an original archetype → our dictionary text. */
export function toDictionary(archetype: Pick<OriginalArchetype, 'dict_first_is_id' | 'regex_first_is_id' | 'dict_invariable'>, texts: OriginalTexts): string {
  const idOn = archetype.dict_first_is_id || archetype.regex_first_is_id;
  const lines: string[] = [];
  if (idOn) lines.push('#ID_ON');
  if (archetype.dict_invariable) lines.push('#VARIATION_OFF');
  for (const line of (texts.dict ?? '').split('\n')) {
    if (!isEntry(line) || !idOn || archetype.dict_first_is_id) lines.push(line);
    else lines.push([itemsOf(line)[0], ...itemsOf(line)].join(';'));
  }
  for (const line of (texts.regex ?? '').split('\n')) {
    if (!isEntry(line)) {
      if (line.trim() !== '') lines.push(line);
      continue;
    }
    const items = itemsOf(line);
    if (archetype.regex_first_is_id) lines.push([items[0], ...items.slice(1).map((item) => `<<${item}>>`)].join(';'));
    else if (idOn) lines.push([`<<${items[0]}>>`, ...items.map((item) => `<<${item}>>`)].join(';'));
    else lines.push(items.map((item) => `<<${item}>>`).join(';'));
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export interface OriginalDictionaryParts {
  dict: string;
  regex: string;
  idOn: boolean;
  invariable: boolean;
}

/** Our dictionary text → the original's dict and regex texts and flags. */
export function fromDictionary(text: string): OriginalDictionaryParts {
  const lines = text.split('\n');
  const idOn = lines.some((line) => line.trim() === '#ID_ON');
  const invariable = lines.some((line) => line.trim() === '#VARIATION_OFF');
  const dict: string[] = [];
  const regex: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '#ID_ON' || trimmed === '#VARIATION_OFF') continue;
    if (!isEntry(line)) {
      dict.push(line);
      continue;
    }
    const items = itemsOf(line);
    const matched = idOn ? items.slice(1) : items;
    if (matched.length > 0 && matched.every((item) => WRAPPED.test(item))) {
      const unwrapped = matched.map((item) => WRAPPED.exec(item)![1]!);
      regex.push((idOn ? [items[0]!, ...unwrapped] : unwrapped).join(';'));
    } else {
      dict.push(line);
    }
  }
  while (dict.length > 0 && dict[dict.length - 1]!.trim() === '') dict.pop();
  return { dict: dict.join('\n'), regex: regex.join('\n'), idOn, invariable };
}
