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
import { selfServiceRoutes } from './self-service-routes';

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
      // Redirect-only routes carry `element: null`: without an element React Router warns "Matched leaf
      // route … does not have an element" in the console while the redirect runs (issue 19).
      { path: 'v2/*', loader: redirectLoaders.v2, element: null },
      { path: 'logout', loader: redirectLoaders.logout, element: null, handle: { title: 'logout', access: 'public' } },
      {
        element: <LoginLayout />,
        handle: { layout: 'login', access: 'guest' } satisfies RouteHandle,
        children: [
          { path: 'login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })), handle: { title: 'login' } },
          {
            path: 'forgot-password',
            lazy: () => import('../features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
            handle: { title: 'forgotPassword' },
          },
          {
            path: 'reset-password/:token',
            lazy: () => import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
            handle: { title: 'resetPassword' },
          },
          {
            path: 'oauth/google',
            lazy: () => import('../features/auth/sso-callback-page').then((m) => ({ Component: m.OAuthGoogleCallbackPage })),
            handle: { title: 'oauthGoogle' },
          },
          {
            path: 'oidc/callback',
            lazy: () => import('../features/auth/sso-callback-page').then((m) => ({ Component: m.OidcCallbackPage })),
            handle: { title: 'oidcCallback' },
          },
          {
            path: 'invitation/:token',
            lazy: () => import('../features/organisations/invitation-page').then((m) => ({ Component: m.InvitationPage })),
            handle: { title: 'invitation' },
          },
        ],
      },
      {
        ...layout('private', () => import('./layouts/private-layout').then((m) => ({ Component: m.PrivateLayout }))),
        children: [
          { path: 'admin', loader: redirectLoaders.admin, element: null },
          {
            path: 'admin/sre-inboxcare',
            lazy: () => import('../features/sre/sre-analyses-page').then((m) => ({ Component: m.SreInboxcarePage })),
            handle: { title: 'sreInboxcare' },
          },
          {
            path: 'admin/sre-analyses',
            lazy: () => import('../features/sre/sre-analyses-page').then((m) => ({ Component: m.SreCoreAnalysesPage })),
            handle: { title: 'sreAnalyses' },
          },
          {
            path: 'admin/sre-analyses-counter',
            lazy: () => import('../features/sre/analyses-counter-page').then((m) => ({ Component: m.AnalysesCounterPage })),
            handle: { title: 'sreAnalysesCounter' },
          },
          {
            path: 'admin/organisations',
            lazy: () => import('../features/sre/organisations-page').then((m) => ({ Component: m.OrganisationsPage })),
            handle: { title: 'sreOrganisations' },
          },
          { path: 'admin/sre/replay-categorisations', loader: redirectLoaders.admin, element: null },
          { path: 'sre/replay-categorisations', loader: redirectLoaders.admin, element: null },
          {
            path: 'use-cases-library',
            lazy: () => import('./toolbox-routes').then((m) => ({ Component: m.UseCasesRoute })),
            handle: { title: 'useCasesLibrary' },
          },
          { path: 'toolbox', loader: redirectLoaders.toolbox, element: null },
          {
            path: 'toolbox/kits',
            lazy: () => import('./toolbox-routes').then((m) => ({ Component: m.KitsRoute })),
            handle: { title: 'kits' },
          },
          {
            path: 'toolbox/kits/:kitId',
            lazy: () => import('./toolbox-routes').then((m) => ({ Component: m.KitRoute })),
            handle: { title: 'kit' },
          },
          {
            path: 'toolbox/components/:componentId',
            lazy: () => import('./toolbox-routes').then((m) => ({ Component: m.ComponentRoute })),
            handle: { title: 'component' },
          },
          {
            path: 'files-viewer',
            lazy: () => import('../features/files-viewer/files-viewer-page').then((m) => ({ Component: m.FilesViewerPage })),
            handle: { title: 'filesViewer' },
          },
          {
            path: 'consumption',
            lazy: () => import('../features/consumption/my-consumption-page').then((m) => ({ Component: m.MyConsumptionPage })),
            handle: { title: 'consumption' },
          },
          {
            path: 'profile',
            lazy: () => import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
            handle: { title: 'profile' },
          },
          {
            path: 'profile/password',
            lazy: () => import('../features/auth/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
            handle: { title: 'profilePassword' },
          },
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
          {
            index: true,
            lazy: () => import('../features/projects/organisation-home-page').then((m) => ({ Component: m.OrganisationHomePage })),
            handle: { title: 'orgaHome' },
          },
          {
            path: 'settings',
            lazy: () => import('../features/organisations/organisation-settings-page').then((m) => ({ Component: m.OrganisationSettingsPage })),
            handle: { title: 'orgaSettings' },
          },
          {
            path: 'consumption',
            lazy: () =>
              import('../features/consumption/organisation-consumption-page').then((m) => ({ Component: m.OrganisationConsumptionPage })),
            handle: { title: 'orgaConsumption' },
          },
          {
            path: 'invite-user',
            lazy: () => import('../features/organisations/member-form-page').then((m) => ({ Component: m.InviteUserPage })),
            handle: { title: 'inviteUser' },
          },
          {
            path: 'create-user',
            lazy: () => import('../features/organisations/member-form-page').then((m) => ({ Component: m.CreateUserPage })),
            handle: { title: 'createUser' },
          },
          {
            path: 'audit-logs',
            lazy: () => import('../features/organisations/audit-logs-page').then((m) => ({ Component: m.AuditLogsPage })),
            handle: { title: 'auditLogs' },
          },
          {
            path: 'project-new',
            lazy: () => import('../features/projects/project-new-page').then((m) => ({ Component: m.ProjectNewPage })),
            handle: { title: 'projectNew' },
          },
          { path: '*', loader: redirectLoaders.orgaHome, element: null },
        ],
      },
      {
        path: 'project/:projectId',
        ...layout('project', () => import('./layouts/project-layout').then((m) => ({ Component: m.ProjectLayout }))),
        children: [
          {
            index: true,
            lazy: () => import('../features/projects/project-home-page').then((m) => ({ Component: m.ProjectHomePage })),
            handle: { title: 'projectHome' },
          },
          {
            path: 'env-new',
            lazy: () => import('../features/projects/env-new-page').then((m) => ({ Component: m.EnvNewPage })),
            handle: { title: 'createEnv' },
            id: 'CreateEnv',
          },
          { path: 'env-management', loader: redirectLoaders.envManagement, element: null },
          {
            path: 'env-management/settings',
            lazy: () => import('../features/environments/env-settings-page').then((m) => ({ Component: m.EnvSettingsPage })),
            handle: { title: 'envSettings' },
          },
          {
            path: 'env-management/import-export',
            lazy: () => import('./import-export-route').then((m) => ({ Component: m.ImportExportRoute })),
            handle: { title: 'envImportExport' },
          },
          {
            path: 'env-management/access-keys',
            lazy: () => import('../features/environments/access-keys-page').then((m) => ({ Component: m.AccessKeysPage })),
            handle: { title: 'accessKeys' },
          },
          {
            path: 'env-management/webhooks',
            lazy: () => import('../features/environments/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
            handle: { title: 'webhooks' },
          },
          {
            path: 'env-management/integrations',
            lazy: () => import('../features/environments/integrations-page').then((m) => ({ Component: m.IntegrationsPage })),
            handle: { title: 'integrations' },
          },
          {
            path: 'versions',
            lazy: () => import('../features/environments/versions-page').then((m) => ({ Component: m.VersionsPage })),
            handle: { title: 'versions' },
          },
          { path: 'testing-center', loader: redirectLoaders.testingCenter, element: null },
          {
            path: 'testing-center/messages-bank',
            lazy: () => import('./layouts/testing-center-layout').then((m) => ({ Component: m.TestingCenterLayout })),
            handle: { layout: 'testingCenter' } satisfies RouteHandle,
            children: [
              {
                index: true,
                lazy: () => import('../features/testing-center/bank-page').then((m) => ({ Component: m.BankPage })),
                handle: { title: 'messagesBank' },
              },
              {
                path: 'qualification',
                lazy: () => import('../features/testing-center/qualification-page').then((m) => ({ Component: m.QualificationPage })),
                handle: { title: 'qualification' },
              },
              {
                path: 'import',
                lazy: () => import('../features/testing-center/import-page').then((m) => ({ Component: m.ImportPage })),
                handle: { title: 'messagesImport' },
              },
              {
                path: 'tests',
                lazy: () => import('../features/testing-center/runs/tests-page').then((m) => ({ Component: m.TestsPage })),
                handle: { title: 'tests' } satisfies RouteHandle,
              },
              {
                path: 'tests/:testId',
                lazy: () => import('../features/testing-center/runs/result-page').then((m) => ({ Component: m.ResultPage })),
                handle: { title: 'testResult' } satisfies RouteHandle,
              },
              {
                path: 'parameters',
                lazy: () => import('../features/testing-center/parameters-page').then((m) => ({ Component: m.ParametersPage })),
                handle: { title: 'testParameters' },
              },
              {
                path: 'domain-rules',
                lazy: () => import('../features/testing-center/domain-rules/domain-rules-page').then((m) => ({ Component: m.DomainRulesPage })),
                handle: { title: 'domainRules' } satisfies RouteHandle,
              },
              {
                path: 'domain-rules-v2',
                lazy: () => import('../features/testing-center/domain-rules/domain-rules-v2-page').then((m) => ({ Component: m.DomainRulesV2Page })),
                handle: { title: 'domainRulesV2' } satisfies RouteHandle,
              },
            ],
          },
          { path: '*', loader: redirectLoaders.projectHome, element: null },
        ],
      },
      {
        path: 'project/:projectId/environment/:envId',
        ...layout('environment', () => import('./layouts/environment-layout').then((m) => ({ Component: m.EnvironmentLayout }))),
        children: [
          {
            index: true,
            lazy: () => import('../features/consumption/environment-home-page').then((m) => ({ Component: m.EnvironmentHomePage })),
            handle: { title: 'environmentHome' },
          },
          {
            path: 'configuration',
            lazy: () => import('./configuration-menu').then((m) => ({ Component: m.ConfigurationMenuPage })),
            handle: { title: 'configuration' },
          },
          {
            path: 'configuration/ide',
            lazy: () => import('../features/configuration/ide/ide-page').then((m) => ({ Component: m.ConfigurationIdePage })),
            handle: { title: 'configurationIde' },
          },
          { path: 'configuration/nlu', loader: redirectLoaders.configuration, element: null },
          {
            path: 'configuration/nlu/archetypes',
            lazy: () => import('../features/configuration/nlu/archetypes-page').then((m) => ({ Component: m.ArchetypesPage })),
            handle: { title: 'nluArchetypes' },
          },
          {
            path: 'configuration/nlu/archetypes/:archetypeId',
            lazy: () => import('../features/configuration/nlu/archetype-editor-page').then((m) => ({ Component: m.ArchetypeEditorPage })),
            handle: { title: 'nluArchetype' },
          },
          {
            path: 'configuration/nlu/contexts',
            lazy: () => import('../features/configuration/nlu/contexts-page').then((m) => ({ Component: m.ContextsPage })),
            handle: { title: 'nluContexts' },
          },
          {
            path: 'configuration/nlu/interactions',
            lazy: () => import('../features/configuration/nlu/interactions-page').then((m) => ({ Component: m.InteractionsPage })),
            handle: { title: 'nluInteractions' },
          },
          {
            path: 'configuration/nlu/interactions/:interactionId',
            lazy: () => import('../features/configuration/nlu/interaction-editor-page').then((m) => ({ Component: m.InteractionEditorPage })),
            handle: { title: 'nluInteraction' },
          },
          {
            path: 'configuration/nlu/functions',
            lazy: () => import('../features/configuration/nlu/functions-page').then((m) => ({ Component: m.FunctionsPage })),
            handle: { title: 'nluFunctions' },
          },
          {
            path: 'configuration/nlu/servers',
            lazy: () => import('../features/configuration/nlu/servers-page').then((m) => ({ Component: m.ServersPage })),
            handle: { title: 'nluServers' },
          },
          {
            path: 'configuration/nlu/test',
            lazy: () => import('../features/configuration/nlu/nlu-test-page').then((m) => ({ Component: m.NluTestPage })),
            handle: { title: 'nluTest' },
          },
          {
            path: 'configuration/categorization',
            lazy: () => import('../features/configuration/categorization/modules-page').then((m) => ({ Component: m.CategorizationModulesPage })),
            handle: { title: 'categorization' },
          },
          {
            path: 'configuration/categorization/:moduleId',
            lazy: () => import('../features/configuration/categorization/categories-page').then((m) => ({ Component: m.CategoriesPage })),
            handle: { title: 'categorizationCategories' },
          },
          {
            path: 'configuration/categorization/:moduleId/categories/:categoryId',
            lazy: () => import('../features/configuration/categorization/category-editor-page').then((m) => ({ Component: m.CategoryEditorPage })),
            handle: { title: 'categorizationCategory' },
          },
          {
            path: 'configuration/categorization/:moduleId/categories/:categoryId/rules/:ruleId',
            lazy: () => import('../features/configuration/categorization/rule-editor-page').then((m) => ({ Component: m.RuleEditorPage })),
            handle: { title: 'categorizationRule' },
          },
          {
            path: 'configuration/categorization/:moduleId/advanced',
            lazy: () => import('../features/configuration/categorization/advanced-page').then((m) => ({ Component: m.AdvancedCategorizationPage })),
            handle: { title: 'categorizationAdvanced' },
          },
          {
            path: 'configuration/extraction',
            lazy: () => import('../features/configuration/extraction/modules-page').then((m) => ({ Component: m.ExtractionModulesPage })),
            handle: { title: 'extraction' },
          },
          {
            path: 'configuration/extraction/:moduleId',
            lazy: () => import('../features/configuration/extraction/extraction-page').then((m) => ({ Component: m.ExtractionPage })),
            handle: { title: 'extraction' },
          },
          {
            path: 'configuration/consolidation',
            lazy: () => import('../features/configuration/categorization/modules-page').then((m) => ({ Component: m.ConsolidationModulesPage })),
            handle: { title: 'consolidation' },
          },
          {
            path: 'configuration/consolidation/:moduleId',
            lazy: () => import('../features/configuration/categorization/consolidation-page').then((m) => ({ Component: m.ConsolidationPage })),
            handle: { title: 'consolidation' },
          },
          {
            path: 'configuration/vision-engine',
            lazy: () => import('../features/configuration/vision-engine/modules-page').then((m) => ({ Component: m.VisionModulesPage })),
            handle: { title: 'visionEngine' },
          },
          {
            path: 'configuration/vision-engine/:moduleId',
            lazy: () => import('../features/configuration/vision-engine/vision-engine-page').then((m) => ({ Component: m.VisionEnginePage })),
            handle: { title: 'visionEngine' },
          },
          {
            path: 'configuration/output',
            lazy: () => import('../features/configuration/output/output-modules-page').then((m) => ({ Component: m.OutputModulesPage })),
            handle: { title: 'output' },
          },
          {
            path: 'configuration/output/:moduleId',
            lazy: () => import('../features/configuration/output/output-page').then((m) => ({ Component: m.OutputPage })),
            handle: { title: 'output' },
          },
          {
            path: 'configuration/reply-templates',
            lazy: () => import('../features/configuration/replies/templates-page').then((m) => ({ Component: m.ReplyTemplatesPage })),
            handle: { title: 'replyTemplates' },
          },
          {
            path: 'configuration/reply-templates/modules/:moduleId',
            lazy: () => import('../features/configuration/replies/module-settings-page').then((m) => ({ Component: m.ReplyTemplateModulePage })),
            handle: { title: 'replyTemplateModule' },
          },
          {
            path: 'configuration/reply-templates/:templateId',
            lazy: () => import('../features/configuration/replies/template-editor-page').then((m) => ({ Component: m.ReplyTemplateEditorPage })),
            handle: { title: 'replyTemplate' },
          },
          {
            path: 'configuration/ocr-data-extraction',
            lazy: () => import('../features/configuration/ocr-data-extraction/modules-page').then((m) => ({ Component: m.OcrModulesPage })),
            handle: { title: 'ocrDataExtraction' },
          },
          {
            path: 'configuration/ocr-data-extraction/:moduleId',
            lazy: () => import('../features/configuration/ocr-data-extraction/rules-page').then((m) => ({ Component: m.OcrRulesPage })),
            handle: { title: 'ocrDataExtraction' },
          },
          {
            path: 'configuration/wizard',
            lazy: () => import('../features/configuration/wizard/wizard-page').then((m) => ({ Component: m.CreationWizardPage })),
            handle: { title: 'creationWizard' },
          },
          {
            path: 'configuration/error-logs',
            lazy: () => import('../features/configuration/error-logs/error-logs-page').then((m) => ({ Component: m.ErrorLogsPage })),
            handle: { title: 'errorLogs' },
          },
          {
            path: 'configuration/toolbox',
            lazy: () => import('../features/configuration/toolbox/environment-kits-page').then((m) => ({ Component: m.EnvironmentKitsPage })),
            handle: { title: 'environmentKits' },
          },
          {
            path: 'graph',
            lazy: () => import('../features/configuration/graph/graph-page').then((m) => ({ Component: m.GraphPage })),
            handle: { title: 'graph' },
          },
          {
            path: 'analyses',
            lazy: () => import('../features/analyses/analyses-list-page').then((m) => ({ Component: m.AnalysesListPage })),
            handle: { title: 'analyses' },
          },
          {
            path: 'analyses/:analysisId',
            lazy: () => import('../features/analyses/analysis-result-page').then((m) => ({ Component: m.AnalysisResultPage })),
            handle: { title: 'analysis' },
          },
          {
            path: 'ic-analyses',
            lazy: () => import('../features/analyses/analyses-list-page').then((m) => ({ Component: m.IcAnalysesListPage })),
            handle: { title: 'icAnalyses' },
          },
          {
            path: 'ic-analyses/:analysisId',
            lazy: () => import('../features/analyses/analysis-result-page').then((m) => ({ Component: m.IcAnalysisResultPage })),
            handle: { title: 'icAnalysis' },
          },
          {
            path: 'dashboard',
            lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
            handle: { title: 'dashboard' },
          },
          {
            path: 'dashboard/alerts',
            lazy: () => import('../features/alerts/alerts-page').then((m) => ({ Component: m.AlertsPage })),
            handle: { title: 'alerts' },
          },
          {
            path: 'test-extractor',
            lazy: () => import('../features/analyses/extractor-test-page').then((m) => ({ Component: m.ExtractorTestPage })),
            handle: { title: 'testExtractor' },
          },
          {
            path: 'test-ocrDataExtraction',
            lazy: () => import('../features/analyses/ocr-test-page').then((m) => ({ Component: m.OcrTestPage })),
            handle: { title: 'testOcrDataExtraction' },
          },
          { path: '*', loader: redirectLoaders.environmentHome, element: null },
        ],
      },
      {
        handle: { layout: 'none', access: 'private' } satisfies RouteHandle,
        children: [
          soon('integrations/salesforce/callback', 'salesforceCallback'),
          {
            path: 'integrations/external',
            lazy: () => import('../features/environments/integrations/gmail-callback-page').then((m) => ({ Component: m.ExternalAuthorizationPage })),
            handle: { title: 'externalIntegration' },
          },
          {
            path: 'integrations/jira/callback',
            lazy: () => import('../features/environments/integrations/gmail-callback-page').then((m) => ({ Component: m.GmailCallbackPage })),
            handle: { title: 'jiraCallback' },
          },
          {
            path: 'integrations/gmail/callback',
            lazy: () => import('../features/environments/integrations/gmail-callback-page').then((m) => ({ Component: m.GmailCallbackPage })),
            handle: { title: 'gmailCallback' },
          },
        ],
      },
      {
        path: 'self',
        ...layout('selfService', () => import('./layouts/self-service-layout').then((m) => ({ Component: m.SelfServiceLayout }))),
        children: selfServiceRoutes,
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'notFound', access: 'public' } },
    ],
  },
];
