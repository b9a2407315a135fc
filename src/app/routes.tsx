/**
 * The one route table (spec §2.2): every path with its layout, its title and its access rule.
 * Each layout's pages live in a route file of their own (`*-routes.tsx`), built with `route-page.tsx`.
 */
import type { RouteObject } from 'react-router';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { guard } from './guard';
import { queryClient } from '../api/query-client';
import { analytics } from './analytics';
import { getRouter } from './navigation';
import { redirectLoaders } from './redirects';
import { NotFoundPage } from './not-found-page';
import { LoginLayout } from './layouts/login-layout';
import type { RouteHandle } from './route-handle';
import { selfServiceRoutes } from './self-service-routes';
import { authRoutes } from './auth-routes';
import { privateRoutes } from './private-routes';
import { organisationRoutes } from './organisation-routes';
import { projectRoutes } from './project-routes';
import { environmentRoutes } from './environment-routes';
import { integrationCallbackRoutes } from './integration-callback-routes';
import { forLightUsers, inOwnTask, layout } from './route-page';

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    errorElement: <RouteError />,
    // Texts load per namespace as screens ask for them (src/i18n/texts/loaders.ts).
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
      // Lazy: its app chrome (ghosting dialog, contracts, dates) is no part of the login page's start.
      {
        index: true,
        lazy: inOwnTask(() => import('./index-page').then((m) => ({ Component: m.IndexPage }))),
        handle: { title: 'index', access: 'public' },
      },
      // Redirect-only routes carry `element: null`: without an element React Router warns "Matched leaf
      // route … does not have an element" in the console while the redirect runs.
      { path: 'v2/*', loader: redirectLoaders.v2, element: null },
      { path: 'logout', loader: redirectLoaders.logout, element: null, handle: { title: 'logout', access: 'public' } },
      {
        element: <LoginLayout />,
        handle: { layout: 'login', access: 'guest' } satisfies RouteHandle,
        children: authRoutes,
      },
      {
        ...layout('private', () => import('./layouts/private-layout').then((m) => ({ Component: m.PrivateLayout }))),
        children: privateRoutes,
      },
      {
        path: 'orga/:orgaId',
        ...layout('organisation', () => import('./layouts/organisation-layout').then((m) => ({ Component: m.OrganisationLayout }))),
        children: organisationRoutes,
      },
      {
        path: 'project/:projectId',
        ...layout('project', () => import('./layouts/project-layout').then((m) => ({ Component: m.ProjectLayout }))),
        children: projectRoutes,
      },
      {
        path: 'project/:projectId/environment/:envId',
        ...layout('environment', () => import('./layouts/environment-layout').then((m) => ({ Component: m.EnvironmentLayout }))),
        children: environmentRoutes,
      },
      {
        handle: { layout: 'none', access: 'private' } satisfies RouteHandle,
        children: integrationCallbackRoutes,
      },
      // The light users' area: the one layout open to them.
      forLightUsers({
        path: 'self',
        ...layout('selfService', () => import('./layouts/self-service-layout').then((m) => ({ Component: m.SelfServiceLayout }))),
        children: selfServiceRoutes,
      }),
      { path: '*', element: <NotFoundPage />, handle: { title: 'notFound', access: 'public' } },
    ],
  },
];
