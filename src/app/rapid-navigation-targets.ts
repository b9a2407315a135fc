/** What rapid navigation lists for a query: recent pages when nothing is typed, else every match. */
export interface NavigationTarget {
  kind: 'organisation' | 'project' | 'environment' | 'page' | 'recent';
  label: string;
  path: string;
  detail?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function filterTargets(query: string, items: NavigationTarget[]): NavigationTarget[] {
  const needle = fold(query.trim());
  if (!needle) return items.filter((item) => item.kind === 'recent');
  const matches = items.filter((item) => [item.label, item.detail ?? '', item.path].some((text) => fold(text).includes(needle)));
  // A page both recent and found as itself is listed once, as itself.
  const named = new Set(matches.filter((item) => item.kind !== 'recent').map((item) => item.path));
  return matches.filter((item) => item.kind !== 'recent' || !named.has(item.path));
}
