/**
 * Which templates a reply template includes, and include cycles (§5 "reply templates cannot include
 * themselves, directly or circularly"). Pure: the contract's save check, the screens' Includes tab
 * and the renderer use it.
 *
 * Only literal names count (`{% include 'signature' %}`, `{% render "footer" %}`): a name computed
 * from a variable cannot be known before a render; the renderer's include limit stops those.
 */

/** `{% include 'x' %}`, `{%- render "x" -%}`, and `include 'x'` lines inside `{% liquid %}` tags. */
const INCLUDE_PATTERN = /(?:\{%-?|^|\n)\s*(?:include|render)\s+(['"])([^'"\n]{1,100})\1/g;

/** The names a template body includes, each once, in order of appearance. */
export function includedNames(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(INCLUDE_PATTERN)) names.add(match[2]!.trim());
  return [...names];
}

export interface NamedBody {
  name: string;
  body: string;
}

/**
 * The first include cycle among `templates`, as the path that closes it (`['a', 'b', 'a']`), or null.
 * Names included but not present are ignored here (the renderer reports them).
 */
export function findIncludeCycle(templates: readonly NamedBody[]): string[] | null {
  const edges = new Map(templates.map((template) => [template.name, includedNames(template.body)]));
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();

  function visit(name: string): string[] | null {
    if (onPath.has(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name) || !edges.has(name)) return null;
    path.push(name);
    onPath.add(name);
    for (const next of edges.get(name)!) {
      const cycle = visit(next);
      if (cycle !== null) return cycle;
    }
    path.pop();
    onPath.delete(name);
    done.add(name);
    return null;
  }

  for (const template of templates) {
    const cycle = visit(template.name);
    if (cycle !== null) return cycle;
  }
  return null;
}

/** For the Includes tab: what `name` includes and which templates include it. */
export function includeRelations(templates: readonly NamedBody[], name: string): { includes: string[]; includedBy: string[] } {
  const own = templates.find((template) => template.name === name);
  return {
    includes: own === undefined ? [] : includedNames(own.body),
    includedBy: templates.filter((template) => template.name !== name && includedNames(template.body).includes(name)).map((template) => template.name),
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `body` with its literal includes of `from` naming `to` instead (a rename keeps the templates that include it working). */
export function renameIncludes(body: string, from: string, to: string): string {
  const pattern = new RegExp(`((?:\\{%-?|^|\\n)\\s*(?:include|render)\\s+)(['"])${escaped(from)}\\2`, 'g');
  return body.replace(pattern, (_match, head: string, quote: string) => `${head}${quote}${to}${quote}`);
}
