/** `{ '../resources/fr/auth.json': texts }` → `{ auth: texts }`. */
export function byNamespace<T>(files: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), texts]));
}
