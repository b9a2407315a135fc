/**
 * The self-service area's routes (/self): the home, "new use case", and one use case's
 * frame (self-service feature) holding its analyses and result (analyses feature), dashboard
 * (dashboard feature) and settings. The pages of other features are composed here, in app/, since
 * features do not import each other; /self/{envId} and unknown sub-paths open the analyses.
 */
import type { RouteObject } from 'react-router';
import { page } from './route-page';
import { redirectLoaders } from './redirects';

export const selfServiceRoutes: RouteObject[] = [
  page(undefined, 'selfHome', () => import('../features/self-service/self-home-page').then((m) => m.SelfHomePage)),
  page('new', 'selfNew', () => import('../features/self-service/self-new-page').then((m) => m.SelfNewPage)),
  page(':envId', 'selfEnvironment', () => import('../features/self-service/use-case-layout').then((m) => m.UseCaseLayout), {
    children: [
      { index: true, loader: redirectLoaders.selfUseCase, element: null, handle: { title: 'selfEnvironment' } },
      page('analyses', 'selfAnalyses', () => import('../features/analyses/light-analyses-page').then((m) => m.LightAnalysesPage)),
      page('analyses/result', 'selfAnalysisResult', () => import('../features/analyses/light-result-page').then((m) => m.LightResultPage)),
      page('dashboard', 'selfDashboard', () => import('../features/dashboard/light-dashboard-page').then((m) => m.LightDashboardPage)),
      page('settings', 'selfSettings', () => import('../features/self-service/use-case-settings-page').then((m) => m.UseCaseSettingsPage)),
      { path: '*', loader: redirectLoaders.selfUseCase, element: null, handle: { title: 'selfEnvironment' } },
    ],
  }),
];
