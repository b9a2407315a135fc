/**
 * The self-service area's routes (/self, issue 22). The home and "new use case" are built; the other
 * pages (analyses, result, dashboard, settings) are still "not available yet".
 */
import type { RouteObject } from 'react-router';
import { page, soon } from './route-page';

export const selfServiceRoutes: RouteObject[] = [
  page(undefined, 'selfHome', () => import('../features/self-service/self-home-page').then((m) => m.SelfHomePage)),
  page('new', 'selfNew', () => import('../features/self-service/self-new-page').then((m) => m.SelfNewPage)),
  soon(':envId', 'selfEnvironment'),
  soon(':envId/analyses', 'selfAnalyses'),
  soon(':envId/analyses/result', 'selfAnalysisResult'),
  soon(':envId/dashboard', 'selfDashboard'),
  // TEMPORARY (branch self-webmail): the webmail panel alone, until self-pages' settings page mounts it.
  page(':envId/settings', 'selfSettings', () => import('../features/self-service/self-webmail-settings-page').then((m) => m.SelfWebmailSettingsPage)),
];
