/**
 * The environment layout's pages (`project/:projectId/environment/:envId/…`): home, configuration,
 * analyses, dashboard and the module test pages.
 */
import type { RouteObject } from 'react-router';
import { configurationRoutes } from './configuration-routes';
import { page } from './route-page';
import { redirectLoaders } from './redirects';

export const environmentRoutes: RouteObject[] = [
  page(undefined, 'environmentHome', () => import('../features/consumption/environment-home-page').then((m) => m.EnvironmentHomePage)),
  ...configurationRoutes,
  page('analyses', 'analyses', () => import('../features/analyses/analyses-list-page').then((m) => m.AnalysesListPage)),
  page('analyses/:analysisId', 'analysis', () => import('../features/analyses/analysis-result-page').then((m) => m.AnalysisResultPage)),
  page('ic-analyses', 'icAnalyses', () => import('../features/analyses/analyses-list-page').then((m) => m.IcAnalysesListPage)),
  page('ic-analyses/:analysisId', 'icAnalysis', () => import('../features/analyses/analysis-result-page').then((m) => m.IcAnalysisResultPage)),
  page('dashboard', 'dashboard', () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  page('dashboard/alerts', 'alerts', () => import('../features/alerts/alerts-page').then((m) => m.AlertsPage)),
  page('test-extractor', 'testExtractor', () => import('../features/analyses/extractor-test-page').then((m) => m.ExtractorTestPage)),
  page('test-ocrDataExtraction', 'testOcrDataExtraction', () => import('../features/analyses/ocr-test-page').then((m) => m.OcrTestPage)),
  { path: '*', loader: redirectLoaders.environmentHome, element: null },
];
