/** The redirect rules of spec §2.2, as pure functions of the requested URL (tested in routes.test.ts). */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { envManagementPages, paths, type EnvManagementPage } from './paths';

/** The query value that names the active env-management page and is moved into the path. */
export const ENV_MANAGEMENT_PAGE_QUERY = 'activePage';

export function envManagementTarget(projectId: string, url: URL): string {
  const query = new URLSearchParams(url.search);
  const requested = query.get(ENV_MANAGEMENT_PAGE_QUERY);
  const page: EnvManagementPage = envManagementPages.includes(requested as EnvManagementPage)
    ? (requested as EnvManagementPage)
    : 'settings';
  query.delete(ENV_MANAGEMENT_PAGE_QUERY);
  const rest = query.toString();
  return paths.envManagement(projectId, page) + (rest ? `?${rest}` : '');
}

/** `/v2/…` → the same path without the prefix, query and hash kept. */
export function withoutV2Prefix(url: URL): string {
  return url.pathname.replace(/^\/v2(?=\/|$)/, '') + url.search + url.hash || '/';
}

function param(args: LoaderFunctionArgs, name: string): string {
  return args.params[name] ?? '';
}

export const redirectLoaders = {
  admin: () => redirect(paths.sreInboxcare()),
  toolbox: () => redirect(paths.kits()),
  testingCenter: (args: LoaderFunctionArgs) => redirect(paths.messagesBank(param(args, 'projectId'))),
  envManagement: (args: LoaderFunctionArgs) =>
    redirect(envManagementTarget(param(args, 'projectId'), new URL(args.request.url))),
  orgaHome: (args: LoaderFunctionArgs) => redirect(paths.orga(param(args, 'orgaId'))),
  projectHome: (args: LoaderFunctionArgs) => redirect(paths.project(param(args, 'projectId'))),
  environmentHome: (args: LoaderFunctionArgs) =>
    redirect(paths.environment(param(args, 'projectId'), param(args, 'envId'))),
  configuration: (args: LoaderFunctionArgs) =>
    redirect(paths.configuration(param(args, 'projectId'), param(args, 'envId'))),
  v2: (args: LoaderFunctionArgs) => redirect(withoutV2Prefix(new URL(args.request.url))),
  /** A self-service use case (`/self/{envId}`, or a sub-path it does not have) opens its analyses. */
  selfUseCase: (args: LoaderFunctionArgs) => redirect(paths.selfAnalyses(param(args, 'envId'))),
  /**
   * The user menu's "sign out" navigates here: the router's unsaved-changes blocker asks first
   * (leave, stay, save and leave), and the session ends only once the user has let the page go.
   */
  logout: async () => {
    const { signOut } = await import('./session');
    await signOut();
    return redirect(paths.login());
  },
};
