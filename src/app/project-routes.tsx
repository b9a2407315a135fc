/**
 * The project layout's pages (`project/:projectId/…`): environments management, versions and the
 * testing center with its own layout.
 */
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { inOwnTask, page } from './route-page';
import { redirectLoaders } from './redirects';

export const projectRoutes: RouteObject[] = [
  page(undefined, 'projectHome', () => import('../features/projects/project-home-page').then((m) => m.ProjectHomePage)),
  page('env-new', 'createEnv', () => import('../features/projects/env-new-page').then((m) => m.EnvNewPage), { id: 'CreateEnv' }),
  { path: 'env-management', loader: redirectLoaders.envManagement, element: null },
  page('env-management/settings', 'envSettings', () => import('../features/environments/env-settings-page').then((m) => m.EnvSettingsPage)),
  page('env-management/import-export', 'envImportExport', () => import('./import-export-route').then((m) => m.ImportExportRoute)),
  page('env-management/access-keys', 'accessKeys', () => import('../features/environments/access-keys-page').then((m) => m.AccessKeysPage)),
  page('env-management/webhooks', 'webhooks', () => import('../features/environments/webhooks-page').then((m) => m.WebhooksPage)),
  page('env-management/integrations', 'integrations', () => import('../features/environments/integrations-page').then((m) => m.IntegrationsPage)),
  page('versions', 'versions', () => import('../features/environments/versions-page').then((m) => m.VersionsPage)),
  { path: 'testing-center', loader: redirectLoaders.testingCenter, element: null },
  {
    path: 'testing-center/messages-bank',
    lazy: inOwnTask(() => import('./layouts/testing-center-layout').then((m) => ({ Component: m.TestingCenterLayout }))),
    handle: { layout: 'testingCenter' } satisfies RouteHandle,
    children: [
      page(undefined, 'messagesBank', () => import('../features/testing-center/bank-page').then((m) => m.BankPage)),
      page('qualification', 'qualification', () => import('../features/testing-center/qualification-page').then((m) => m.QualificationPage)),
      page('import', 'messagesImport', () => import('../features/testing-center/import-page').then((m) => m.ImportPage)),
      page('tests', 'tests', () => import('../features/testing-center/runs/tests-page').then((m) => m.TestsPage)),
      page('tests/:testId', 'testResult', () => import('../features/testing-center/runs/result-page').then((m) => m.ResultPage)),
      page('tests/:testId/what-if', 'testWhatIf', () => import('../features/testing-center/what-if/what-if-page').then((m) => m.WhatIfPage)),
      page('parameters', 'testParameters', () => import('../features/testing-center/parameters-page').then((m) => m.ParametersPage)),
      page('domain-rules', 'domainRules', () => import('../features/testing-center/domain-rules/domain-rules-page').then((m) => m.DomainRulesPage)),
      page('domain-rules-v2', 'domainRulesV2', () => import('../features/testing-center/domain-rules/domain-rules-v2-page').then((m) => m.DomainRulesV2Page)),
    ],
  },
  { path: '*', loader: redirectLoaders.projectHome, element: null },
];
