/**
 * The one route table (spec §2.2): every path with its layout, its title and its access rule.
 * Screens built by later issues use NotAvailablePage, which shows their layout and title only.
 */
import type { RouteObject } from 'react-router';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { guard } from './guard';
import { queryClient } from '../api/query-client';
import { analytics } from './analytics';
import { getRouter } from './navigation';
import { redirectLoaders } from './redirects';
import { IndexPage } from './index-page';
import { NotAvailablePage } from './not-available-page';
import { NotFoundPage } from './not-found-page';
import { LoginLayout } from './layouts/login-layout';
import type { RouteHandle } from './route-handle';

const soon = (path: string | undefined, title: string): RouteObject =>
  path === undefined
    ? { index: true, element: <NotAvailablePage />, handle: { title } satisfies RouteHandle }
    : { path, element: <NotAvailablePage />, handle: { title } satisfies RouteHandle };

const layout = (
  name: RouteHandle['layout'],
  load: () => Promise<{ Component: React.ComponentType }>,
): Pick<RouteObject, 'lazy' | 'handle'> => ({ lazy: load, handle: { layout: name, access: 'private' } });

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    errorElement: <RouteError />,
    loader: (args) =>
      guard(args, {
        routes,
        queryClient,
        analytics,
        shownLocation: () => {
          const router = getRouter();
          if (!router?.state.initialized) return undefined;
          const { pathname, search, hash } = router.state.location;
          return pathname + search + hash;
        },
      }),
    shouldRevalidate: () => true,
    hydrateFallbackElement: <></>,
    children: [
      { index: true, element: <IndexPage />, handle: { title: 'index', access: 'public' } },
      { path: 'v2/*', loader: redirectLoaders.v2 },
      {
        element: <LoginLayout />,
        handle: { layout: 'login', access: 'guest' } satisfies RouteHandle,
        children: [
          { path: 'login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })), handle: { title: 'login' } },
          soon('forgot-password', 'forgotPassword'),
          soon('reset-password/:token', 'resetPassword'),
          soon('oauth/google', 'oauthGoogle'),
          soon('oidc/callback', 'oidcCallback'),
        ],
      },
      {
        ...layout('private', () => import('./layouts/private-layout').then((m) => ({ Component: m.PrivateLayout }))),
        children: [
          { path: 'admin', loader: redirectLoaders.admin },
          soon('admin/sre-inboxcare', 'sreInboxcare'),
          soon('admin/sre-analyses', 'sreAnalyses'),
          soon('admin/sre-analyses-counter', 'sreAnalysesCounter'),
          { path: 'admin/sre/replay-categorisations', loader: redirectLoaders.admin },
          { path: 'sre/replay-categorisations', loader: redirectLoaders.admin },
          soon('use-cases-library', 'useCasesLibrary'),
          { path: 'toolbox', loader: redirectLoaders.toolbox },
          soon('toolbox/kits', 'kits'),
          soon('toolbox/kits/:kitId', 'kit'),
          soon('toolbox/components/:componentId', 'component'),
          {
            path: 'files-viewer',
            lazy: () => import('../features/files-viewer/files-viewer-page').then((m) => ({ Component: m.FilesViewerPage })),
            handle: { title: 'filesViewer' },
          },
          soon('consumption', 'consumption'),
          {
            path: 'profile',
            lazy: () => import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
            handle: { title: 'profile' },
          },
          soon('profile/password', 'profilePassword'),
          {
            path: 'utils/local-storage-cleaner',
            lazy: () =>
              import('../features/profile/local-storage-cleaner-page').then((m) => ({
                Component: m.LocalStorageCleanerPage,
              })),
            handle: { title: 'localStorageCleaner' },
          },
          {
            path: 'orga',
            lazy: () => import('./organisations-index').then((m) => ({ Component: m.OrganisationsIndex })),
            handle: { title: 'organisations' },
          },
        ],
      },
      {
        path: 'orga/:orgaId',
        ...layout('organisation', () => import('./layouts/organisation-layout').then((m) => ({ Component: m.OrganisationLayout }))),
        children: [
          soon(undefined, 'orgaHome'),
          soon('settings', 'orgaSettings'),
          soon('consumption', 'orgaConsumption'),
          soon('invite-user', 'inviteUser'),
          soon('create-user', 'createUser'),
          soon('audit-logs', 'auditLogs'),
          soon('project-new', 'projectNew'),
          { path: '*', loader: redirectLoaders.orgaHome },
        ],
      },
      {
        path: 'project/:projectId',
        ...layout('project', () => import('./layouts/project-layout').then((m) => ({ Component: m.ProjectLayout }))),
        children: [
          soon(undefined, 'projectHome'),
          { ...soon('env-new', 'createEnv'), id: 'CreateEnv' },
          { path: 'env-management', loader: redirectLoaders.envManagement },
          soon('env-management/settings', 'envSettings'),
          soon('env-management/import-export', 'envImportExport'),
          soon('env-management/access-keys', 'accessKeys'),
          soon('env-management/webhooks', 'webhooks'),
          soon('env-management/integrations', 'integrations'),
          soon('versions', 'versions'),
          { path: 'testing-center', loader: redirectLoaders.testingCenter },
          {
            path: 'testing-center/messages-bank',
            lazy: () => import('./layouts/testing-center-layout').then((m) => ({ Component: m.TestingCenterLayout })),
            handle: { layout: 'testingCenter' } satisfies RouteHandle,
            children: [
              soon(undefined, 'messagesBank'),
              soon('qualification', 'qualification'),
              soon('import', 'messagesImport'),
              soon('tests', 'tests'),
              soon('tests/:testId', 'testResult'),
              soon('parameters', 'testParameters'),
              soon('domain-rules', 'domainRules'),
              soon('domain-rules-v2', 'domainRulesV2'),
            ],
          },
          { path: '*', loader: redirectLoaders.projectHome },
        ],
      },
      {
        path: 'project/:projectId/environment/:envId',
        ...layout('environment', () => import('./layouts/environment-layout').then((m) => ({ Component: m.EnvironmentLayout }))),
        children: [
          soon(undefined, 'environmentHome'),
          soon('configuration', 'configuration'),
          soon('graph', 'graph'),
          soon('analyses', 'analyses'),
          soon('analyses/:analysisId', 'analysis'),
          soon('ic-analyses', 'icAnalyses'),
          soon('ic-analyses/:analysisId', 'icAnalysis'),
          soon('dashboard', 'dashboard'),
          soon('dashboard/alerts', 'alerts'),
          soon('test-ocrDataExtraction', 'testOcrDataExtraction'),
          { path: '*', loader: redirectLoaders.environmentHome },
        ],
      },
      {
        handle: { layout: 'none', access: 'private' } satisfies RouteHandle,
        children: [
          soon('integrations/salesforce/callback', 'salesforceCallback'),
          soon('integrations/external', 'externalIntegration'),
          soon('integrations/jira/callback', 'jiraCallback'),
          soon('integrations/gmail/callback', 'gmailCallback'),
        ],
      },
      {
        path: 'self',
        ...layout('selfService', () => import('./layouts/self-service-layout').then((m) => ({ Component: m.SelfServiceLayout }))),
        children: [
          soon(undefined, 'selfHome'),
          soon('new', 'selfNew'),
          soon(':envId', 'selfEnvironment'),
          soon(':envId/analyses', 'selfAnalyses'),
          soon(':envId/analyses/result', 'selfAnalysisResult'),
          soon(':envId/dashboard', 'selfDashboard'),
          soon(':envId/settings', 'selfSettings'),
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'notFound', access: 'public' } },
    ],
  },
];
