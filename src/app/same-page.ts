/** Where the environment switcher goes: the page being read, in another environment of the project. */
import { paths } from './paths';

/** The same page in another environment: the path below the environment, up to the first item id. */
export function samePageIn(pathname: string, from: { projectId: string; envId: string }, toEnvId: string, itemIds: string[]): string {
  const base = paths.environment(from.projectId, from.envId);
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).split('/').filter(Boolean) : [];
  const ids = new Set(itemIds.map((id) => encodeURIComponent(id)));
  const cut = rest.findIndex((segment) => ids.has(segment));
  const kept = cut === -1 ? rest : rest.slice(0, cut);
  return [paths.environment(from.projectId, toEnvId), ...kept].join('/');
}
