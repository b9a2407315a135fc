/**
 * The self-service area's routes (/self, issue 22), kept out of routes.tsx. The home is built; the
 * other pages (new use case, analyses, result, dashboard, settings) are still "not available yet".
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
  soon('new', 'selfNew'),
  soon(':envId', 'selfEnvironment'),
  soon(':envId/analyses', 'selfAnalyses'),
  soon(':envId/analyses/result', 'selfAnalysisResult'),
  soon(':envId/dashboard', 'selfDashboard'),
  soon(':envId/settings', 'selfSettings'),
];
