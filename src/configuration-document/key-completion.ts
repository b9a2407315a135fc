/**
 * Key completion for the YAML document from its JSON Schema: where the cursor is (the chain of keys
 * and list items above it, read from indentation, so it works while the text is being typed and
 * does not parse), the keys the schema declares there that the map does not have yet. A list item's
 * `type` picks its variant (a categorization module completes a categorization config). Pure.
 */
type JsonSchema = Record<string, unknown>;

export interface KeyCompletion {
  /** Where the word being typed starts on its line (0-based column). */
  from: number;
  keys: { name: string; description?: string }[];
}

interface Level {
  /** A key, or null for a list item. */
  key: string | null;
  /** `type:` written at this level (list items of modules), to choose a `oneOf` variant. */
  type?: string;
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const KEY = /^(\s*)(- )?([^\s#:][^:#]*?):(\s.*)?$/;

function variants(schema: JsonSchema): JsonSchema[] {
  const choices = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return choices ? choices.flatMap(variants) : [schema];
}

function pick(schema: JsonSchema, type: string | undefined): JsonSchema[] {
  const all = variants(schema).filter((variant) => variant.type !== 'null');
  if (type === undefined) return all;
  const typed = all.filter((variant) => {
    const declared = (variant.properties as Record<string, JsonSchema> | undefined)?.type;
    return declared?.const === type || (Array.isArray(declared?.enum) && declared.enum.includes(type));
  });
  return typed.length > 0 ? typed : all;
}

function descend(schemas: JsonSchema[], level: Level): JsonSchema[] {
  return schemas.flatMap((schema) => {
    if (level.key === null) return schema.items ? pick(schema.items as JsonSchema, level.type) : [];
    const child = (schema.properties as Record<string, JsonSchema> | undefined)?.[level.key];
    return child ? pick(child, level.type) : [];
  });
}

const unquote = (value: string | undefined) => value?.trim().replace(/^["']|["']$/g, '');

/**
 * The levels from the document's root to the map the cursor's line belongs to, and that map's keys.
 * `level` is the column of that map's keys; `inList` when the cursor's line starts a new list item.
 */
function levelsAt(lines: readonly string[], lineIndex: number, column: number, inList: boolean): { levels: Level[]; present: Set<string> } {
  const levels: Level[] = [];
  const present = new Set<string>();
  // Keys of the same map below the cursor's line, until the map ends (a smaller indent or its list's next item).
  for (let index = lineIndex + 1; index < lines.length && !inList; index += 1) {
    const line = lines[index]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const lineIndent = indentOf(line);
    if (lineIndent < column) break;
    const key = lineIndent === column ? KEY.exec(line)?.[3]?.trim() : undefined;
    if (key !== undefined) present.add(key);
  }
  let level = column;
  let mapType: string | undefined;
  let innermost = !inList;
  // After the first line of a list item: looking for the key that holds the list.
  let seekingList = inList;
  for (let index = lineIndex - 1; index >= 0 && level > 0; index -= 1) {
    const line = lines[index]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const lineIndent = indentOf(line);
    const dash = line.trimStart().startsWith('- ');
    const contentIndent = dash ? lineIndent + 2 : lineIndent;
    const match = KEY.exec(line);
    const key = match?.[3]?.trim();
    if (!seekingList && contentIndent === level && key !== undefined) {
      // Another key of the same map; the map's first key carries the dash of its list item.
      if (innermost) present.add(key);
      if (key === 'type') mapType = unquote(match![4]);
      if (dash) {
        levels.unshift({ key: null, type: mapType });
        mapType = undefined;
        innermost = false;
        level = lineIndent;
        seekingList = true;
      }
      continue;
    }
    if (key !== undefined && lineIndent < level) {
      // The key holding the map (or the list) we were in.
      levels.unshift(seekingList ? { key } : { key, type: mapType });
      mapType = undefined;
      innermost = false;
      seekingList = false;
      level = contentIndent;
      if (dash) {
        levels.unshift({ key: null });
        level = lineIndent;
        seekingList = true;
      }
    }
  }
  return { levels, present };
}

export function completeKey(schema: JsonSchema, lines: readonly string[], lineIndex: number, column: number): KeyCompletion | null {
  const before = lines[lineIndex]!.slice(0, column);
  const typing = /^(\s*)(- )?([\w-]*)$/.exec(before);
  if (!typing) return null;
  const indent = typing[1]!.length + (typing[2] ? 2 : 0);
  const word = typing[3]!;
  const inList = typing[2] !== undefined;
  const { levels, present } = levelsAt(lines, lineIndex, inList ? typing[1]!.length : indent, inList);
  if (inList) levels.push({ key: null });
  let schemas = [schema];
  for (const level of levels) schemas = descend(schemas, level);
  const keys = new Map<string, string | undefined>();
  for (const candidate of schemas) {
    for (const [name, property] of Object.entries((candidate.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      if (!present.has(name) && name.startsWith(word) && !keys.has(name)) keys.set(name, property.description as string | undefined);
    }
  }
  if (keys.size === 0) return null;
  return { from: column - word.length, keys: [...keys].map(([name, description]) => (description ? { name, description } : { name })) };
}
