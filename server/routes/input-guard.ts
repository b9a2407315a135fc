/**
 * Input no endpoint can take, refused for every endpoint before its schema runs: a NUL character in
 * any string (path id, query, JSON key or value). PostgreSQL refuses NUL in text and JSON, so it
 * used to reach the database and come back as a 500; no name, id or text of ours needs it.
 */

export type InputPath = (string | number)[];

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): InputPath {
  const path: InputPath = [];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Where the first string holding a NUL character is (object keys included), or null. Walks with its
 * own stack and parent links, not recursion nor copied paths: a deeply nested JSON body can neither
 * overflow the call stack nor cost more than its size.
 */
export function nulCharacterAt(value: unknown): InputPath | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(visit);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: index, parent: visit }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathOf(visit);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}
