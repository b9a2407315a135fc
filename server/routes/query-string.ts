/**
 * Query strings in the bracket format the console's request layer writes (src/api/request.ts
 * `serializeQuery`): `ids[]=1&ids[]=2` is an array, `filter[name]=x` a nested object, a repeated
 * plain key an array. The contract's zod schemas then check the result.
 */
type QueryValue = string | QueryValue[] | QueryObject;
interface QueryObject {
  [key: string]: QueryValue;
}

/** Deeper keys are kept whole rather than nested, so a crafted URL cannot build huge structures. */
const MAX_DEPTH = 5;
const BRACKETED_KEY = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

/** `a[b][]` → ['a', 'b', '']; a key that is not well formed stays one segment. */
function segmentsOf(key: string): string[] {
  const match = BRACKETED_KEY.exec(key);
  if (match === null) return [key];
  const [, head = key, brackets = ''] = match;
  const inner = brackets.slice(1, -1).split('][');
  return inner.length > MAX_DEPTH ? [key] : [head, ...inner];
}

/** Null-prototype objects: a key named `__proto__` or `constructor` is just data. */
function emptyObject(): QueryObject {
  return Object.create(null) as QueryObject;
}

function assign(target: QueryObject, segments: readonly string[], value: string): void {
  const [segment, ...rest] = segments;
  if (segment === undefined) return;
  if (rest.length === 0) {
    const existing = target[segment];
    if (typeof existing === 'string') target[segment] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
    else target[segment] = value;
    return;
  }
  // `[]` appends to an array (whatever follows it: the console never writes `a[][x]`).
  const wantsArray = rest[0] === '';
  let child = target[segment];
  if (wantsArray ? !Array.isArray(child) : typeof child !== 'object' || Array.isArray(child)) {
    child = wantsArray ? [] : emptyObject();
    target[segment] = child;
  }
  if (wantsArray) (child as QueryValue[]).push(value);
  else assign(child as QueryObject, rest, value);
}

export function parseQueryString(search: string): Record<string, unknown> {
  const result = emptyObject();
  for (const [key, value] of new URLSearchParams(search)) assign(result, segmentsOf(key), value);
  return result;
}
