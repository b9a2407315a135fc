/**
 * `{ '../resources/fr/auth.json': '{"…"}' }` → `{ auth: texts }`. The files are imported as their raw
 * text (`?raw`) and parsed here: `JSON.parse` of a string is several times faster for the engine than
 * the same texts as a JavaScript object literal, and every page other than the login page waits for a
 * language's every namespace before it paints (bench:shell, docs/development/benchmarks.md).
 */
export function byNamespace(files: Record<string, string>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([path, raw]) => [namespaceOf(path), JSON.parse(raw) as Record<string, unknown>]));
}

/** `../resources/fr/auth.json` → `auth`. */
export function namespaceOf(path: string): string {
  return path.replace(/^.*\/([^/]+)\.json$/, '$1');
}
