/**
 * The pages of the private layout, whose paths name no organisation: SRE screens, toolbox and use-case
 * library, files viewer, own consumption and profile. Light users may open only the profile, password
 * and local storage pages (the guard sends them to /self from the others).
 */
import type { RouteObject } from 'react-router';
import { forLightUsers, page } from './route-page';
import { redirectLoaders } from './redirects';

export const privateRoutes: RouteObject[] = [
  { path: 'admin', loader: redirectLoaders.admin, element: null },
  page('admin/sre-inboxcare', 'sreInboxcare', () => import('../features/sre/sre-analyses-page').then((m) => m.SreInboxcarePage)),
  page('admin/sre-analyses', 'sreAnalyses', () => import('../features/sre/sre-analyses-page').then((m) => m.SreCoreAnalysesPage)),
  page('admin/sre-analyses-counter', 'sreAnalysesCounter', () => import('../features/sre/analyses-counter-page').then((m) => m.AnalysesCounterPage)),
  page('admin/organisations', 'sreOrganisations', () => import('../features/sre/organisations-page').then((m) => m.OrganisationsPage)),
  { path: 'admin/sre/replay-categorisations', loader: redirectLoaders.admin, element: null },
  { path: 'sre/replay-categorisations', loader: redirectLoaders.admin, element: null },
  page('use-cases-library', 'useCasesLibrary', () => import('./toolbox-routes').then((m) => m.UseCasesRoute)),
  { path: 'toolbox', loader: redirectLoaders.toolbox, element: null },
  page('toolbox/kits', 'kits', () => import('./toolbox-routes').then((m) => m.KitsRoute)),
  page('toolbox/kits/:kitId', 'kit', () => import('./toolbox-routes').then((m) => m.KitRoute)),
  page('toolbox/components/:componentId', 'component', () => import('./toolbox-routes').then((m) => m.ComponentRoute)),
  page('files-viewer', 'filesViewer', () => import('../features/files-viewer/files-viewer-page').then((m) => m.FilesViewerPage)),
  page('consumption', 'consumption', () => import('../features/consumption/my-consumption-page').then((m) => m.MyConsumptionPage)),
  // A light user's own account pages (their user menu offers them); every other page here is the full console's.
  forLightUsers(page('profile', 'profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage))),
  forLightUsers(page('profile/password', 'profilePassword', () => import('../features/auth/change-password-page').then((m) => m.ChangePasswordPage))),
  forLightUsers(
    page('utils/local-storage-cleaner', 'localStorageCleaner', () => import('../features/profile/local-storage-cleaner-page').then((m) => m.LocalStorageCleanerPage)),
  ),
  page('orga', 'organisations', () => import('./organisations-index').then((m) => m.OrganisationsIndex)),
];
