/**
 * Problems of a parsed YAML document that the `yaml` library would find too slowly or not at all:
 * - duplicate keys: `yaml`'s own `uniqueKeys` compares each key with every earlier key of its map
 *   (quadratic: about six minutes for a 5 MB document of one big map), so the parse turns it off and
 *   this walk keeps a Set of each map's keys (linear);
 * - aliases (`*name`): the document never needs them and resolving them lets a short text expand
 *   exponentially ("billion laughs"), so each one is a problem on its line instead of a thrown error.
 * One walk with its own stack, not recursion: a document nested thousands deep cannot overflow it.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter } from 'yaml';

export interface StructureProblem {
  code: 'configurationDuplicateKey' | 'configurationAlias';
  line: number;
  column: number;
  message: string;
}

/** Where a node starts, 1-based. */
function positionOf(node: unknown, counter: LineCounter): { line: number; column: number } {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  if (range === undefined) return { line: 1, column: 1 };
  const position = counter.linePos(range[0]);
  return { line: position.line, column: position.col };
}

/** A scalar key's identity within its map (type included: `1` and `"1"` are different keys). */
function keyIdentity(key: unknown): string | undefined {
  if (!isScalar(key)) return undefined;
  const value = key.value;
  return `${typeof value}:${String(value)}`;
}

export function structureProblems(parsed: Document, counter: LineCounter): StructureProblem[] {
  const problems: StructureProblem[] = [];
  const stack: unknown[] = [parsed.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) {
      problems.push({ code: 'configurationAlias', ...positionOf(node, counter), message: `Aliases (*${node.source}) are not allowed in a configuration` });
    } else if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        const identity = keyIdentity(pair.key);
        if (identity !== undefined) {
          if (seen.has(identity)) problems.push({ code: 'configurationDuplicateKey', ...positionOf(pair.key, counter), message: 'Map keys must be unique' });
          seen.add(identity);
        } else if (pair.key !== null) {
          stack.push(pair.key);
        }
        stack.push(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(isPair(item) ? item.value : item);
    }
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
