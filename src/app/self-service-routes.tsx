/**
 * The self-service area's routes (/self, issue 22), kept out of routes.tsx. The home and "new use case"
 * are built; the other pages (analyses, result, dashboard, settings) are still "not available yet".
 */
import type { RouteObject } from 'react-router';
import { NotAvailablePage } from './not-available-page';
import type { RouteHandle } from './route-handle';

const soon = (path: string, title: string): RouteObject => ({ path, element: <NotAvailablePage />, handle: { title } satisfies RouteHandle });

export const selfServiceRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/self-service/self-home-page').then((m) => ({ Component: m.SelfHomePage })),
    handle: { title: 'selfHome' } satisfies RouteHandle,
  },
  {
    path: 'new',
    lazy: () => import('../features/self-service/self-new-page').then((m) => ({ Component: m.SelfNewPage })),
    handle: { title: 'selfNew' } satisfies RouteHandle,
  },
  soon(':envId', 'selfEnvironment'),
  soon(':envId/analyses', 'selfAnalyses'),
  soon(':envId/analyses/result', 'selfAnalysisResult'),
  soon(':envId/dashboard', 'selfDashboard'),
  soon(':envId/settings', 'selfSettings'),
];
