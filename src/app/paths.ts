/**
 * Every URL of the console, built in one place (spec §2.2). Components and tests call these; nobody
 * concatenates a route path by hand.
 */
import { mailedLinkPaths } from '../contract/console-links';

const enc = encodeURIComponent;

const orga = (orgaId: string) => `/orga/${enc(orgaId)}`;
const project = (projectId: string) => `/project/${enc(projectId)}`;
const environment = (projectId: string, envId: string) => `${project(projectId)}/environment/${enc(envId)}`;
const envManagement = (projectId: string) => `${project(projectId)}/env-management`;
const messagesBank = (projectId: string) => `${project(projectId)}/testing-center/messages-bank`;
const self = (envId: string) => `/self/${enc(envId)}`;
const nlu = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/nlu`;
const categorization = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/categorization`;
const extraction = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/extraction`;
const consolidation = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/consolidation`;
const visionEngine = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/vision-engine`;
const output = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/output`;
const replyTemplates = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/reply-templates`;
const ocrDataExtraction = (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/ocr-data-extraction`;

/** The NLU pages of the configuration menu; `new` as an item id opens an empty editor. */
export type NluPage = 'archetypes' | 'contexts' | 'interactions' | 'functions' | 'servers' | 'test';
export const NEW_ITEM = 'new';

export type EnvManagementPage = 'settings' | 'import-export' | 'access-keys' | 'webhooks' | 'integrations';
export const envManagementPages: EnvManagementPage[] = [
  'settings',
  'import-export',
  'access-keys',
  'webhooks',
  'integrations',
];

export const paths = {
  index: () => '/',
  // Login layout
  login: () => '/login',
  /** Signing out is a navigation, so unsaved changes ask first. */
  logout: () => '/logout',
  forgotPassword: () => '/forgot-password',
  /** Pages opened from a mailed link: the server builds those links with the same paths. */
  resetPassword: mailedLinkPaths.resetPassword,
  invitation: mailedLinkPaths.invitation,
  oauthGoogle: () => '/oauth/google',
  oidcCallback: () => '/oidc/callback',
  // Admin (SRE), in the profile section
  admin: () => '/admin',
  sreInboxcare: () => '/admin/sre-inboxcare',
  sreAnalyses: () => '/admin/sre-analyses',
  sreAnalysesCounter: () => '/admin/sre-analyses-counter',
  sreOrganisations: () => '/admin/organisations',
  // Private layout
  useCasesLibrary: () => '/use-cases-library',
  toolbox: () => '/toolbox',
  kits: () => '/toolbox/kits',
  kit: (kitId: string) => `/toolbox/kits/${enc(kitId)}`,
  component: (componentId: string) => `/toolbox/components/${enc(componentId)}`,
  filesViewer: () => '/files-viewer',
  consumption: () => '/consumption',
  profile: () => '/profile',
  profilePassword: () => '/profile/password',
  localStorageCleaner: () => '/utils/local-storage-cleaner',
  organisations: () => '/orga',
  // Organisation layout
  orga,
  orgaSettings: (orgaId: string) => `${orga(orgaId)}/settings`,
  orgaConsumption: (orgaId: string) => `${orga(orgaId)}/consumption`,
  inviteUser: (orgaId: string) => `${orga(orgaId)}/invite-user`,
  createUser: (orgaId: string) => `${orga(orgaId)}/create-user`,
  auditLogs: (orgaId: string) => `${orga(orgaId)}/audit-logs`,
  projectNew: (orgaId: string) => `${orga(orgaId)}/project-new`,
  // Project layout
  project,
  /** Named route CreateEnv: takes the project id only. */
  createEnv: (projectId: string) => `${project(projectId)}/env-new`,
  envManagement: (projectId: string, page: EnvManagementPage = 'settings') => `${envManagement(projectId)}/${page}`,
  versions: (projectId: string) => `${project(projectId)}/versions`,
  testingCenter: (projectId: string) => `${project(projectId)}/testing-center`,
  messagesBank,
  qualification: (projectId: string) => `${messagesBank(projectId)}/qualification`,
  messagesImport: (projectId: string) => `${messagesBank(projectId)}/import`,
  tests: (projectId: string) => `${messagesBank(projectId)}/tests`,
  testResult: (projectId: string, testId: string) => `${messagesBank(projectId)}/tests/${enc(testId)}`,
  testWhatIf: (projectId: string, testId: string) => `${messagesBank(projectId)}/tests/${enc(testId)}/what-if`,
  testParameters: (projectId: string) => `${messagesBank(projectId)}/parameters`,
  domainRules: (projectId: string) => `${messagesBank(projectId)}/domain-rules`,
  domainRulesV2: (projectId: string) => `${messagesBank(projectId)}/domain-rules-v2`,
  // Environment layout
  environment,
  configuration: (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration`,
  /** The kits of the toolbox the environment is synced to. */
  environmentKits: (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/toolbox`,
  /** The configuration IDE: the whole configuration as one YAML document. */
  configurationIde: (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/ide`,
  /** NLU screens, under the configuration menu. */
  nlu: (projectId: string, envId: string, page: NluPage) => `${nlu(projectId, envId)}/${page}`,
  nluArchetype: (projectId: string, envId: string, archetypeId: string) =>
    `${nlu(projectId, envId)}/archetypes/${enc(archetypeId)}`,
  nluInteraction: (projectId: string, envId: string, interactionId: string) =>
    `${nlu(projectId, envId)}/interactions/${enc(interactionId)}`,
  /**
   * Categorization and consolidation screens, beside the NLU's under the configuration
   * menu (the spec's route table names no path for them): per module, since an environment may hold
   * several categorization modules.
   */
  categorization: (projectId: string, envId: string) => categorization(projectId, envId),
  categorizationModule: (projectId: string, envId: string, moduleId: string, tab?: 'body' | 'attachment') =>
    `${categorization(projectId, envId)}/${enc(moduleId)}${tab ? `?tab=${tab}` : ''}`,
  categorizationCategory: (projectId: string, envId: string, moduleId: string, categoryId: string) =>
    `${categorization(projectId, envId)}/${enc(moduleId)}/categories/${enc(categoryId)}`,
  categorizationRule: (projectId: string, envId: string, moduleId: string, categoryId: string, ruleId: string) =>
    `${categorization(projectId, envId)}/${enc(moduleId)}/categories/${enc(categoryId)}/rules/${enc(ruleId)}`,
  categorizationAdvanced: (projectId: string, envId: string, moduleId: string) =>
    `${categorization(projectId, envId)}/${enc(moduleId)}/advanced`,
  /** Information extraction: the modules, then one module with its tabs (`?tab=`). */
  extraction: (projectId: string, envId: string) => extraction(projectId, envId),
  extractionModule: (projectId: string, envId: string, moduleId: string, tab?: 'information' | 'tests' | 'documentation') =>
    `${extraction(projectId, envId)}/${enc(moduleId)}${tab ? `?tab=${tab}` : ''}`,
  consolidation: (projectId: string, envId: string) => consolidation(projectId, envId),
  consolidationModule: (projectId: string, envId: string, moduleId: string) => `${consolidation(projectId, envId)}/${enc(moduleId)}`,
  /** Vision engine settings, per module like categorization's. */
  visionEngine: (projectId: string, envId: string) => visionEngine(projectId, envId),
  visionEngineModule: (projectId: string, envId: string, moduleId: string) => `${visionEngine(projectId, envId)}/${enc(moduleId)}`,
  /** The output module's settings with the payload preview, per module as categorization's. */
  output: (projectId: string, envId: string) => output(projectId, envId),
  outputModule: (projectId: string, envId: string, moduleId: string) => `${output(projectId, envId)}/${enc(moduleId)}`,
  /** Reply generator: the template list, a template's editor (per tab), a reply template module's settings. */
  replyTemplates: (projectId: string, envId: string) => replyTemplates(projectId, envId),
  replyTemplate: (projectId: string, envId: string, templateId: string, tab?: 'includes' | 'templates' | 'tests' | 'documentation' | 'errors') =>
    `${replyTemplates(projectId, envId)}/${enc(templateId)}${tab ? `?tab=${tab}` : ''}`,
  replyTemplateModule: (projectId: string, envId: string, moduleId: string) => `${replyTemplates(projectId, envId)}/modules/${enc(moduleId)}`,
  /** The OCR data extraction module's field rules, per module like categorization's. */
  ocrDataExtraction: (projectId: string, envId: string) => ocrDataExtraction(projectId, envId),
  ocrDataExtractionModule: (projectId: string, envId: string, moduleId: string) => `${ocrDataExtraction(projectId, envId)}/${enc(moduleId)}`,
  /** The advanced creation wizard and the error logs, under the configuration menu. */
  creationWizard: (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/wizard`,
  errorLogs: (projectId: string, envId: string) => `${environment(projectId, envId)}/configuration/error-logs`,
  /** An env-management page opened on one environment (the page reads `?envId=`). */
  envManagementOf: (projectId: string, envId: string, page: EnvManagementPage) => `${envManagement(projectId)}/${page}?envId=${enc(envId)}`,
  /** The graph; with `node`, opened centred on that node and selected (a node id, or `<kind>:<name>`). */
  graph: (projectId: string, envId: string, node?: string) => `${environment(projectId, envId)}/graph${node === undefined ? '' : `?node=${enc(node)}`}`,
  analyses: (projectId: string, envId: string) => `${environment(projectId, envId)}/analyses`,
  analysis: (projectId: string, envId: string, id: string) => `${environment(projectId, envId)}/analyses/${enc(id)}`,
  icAnalyses: (projectId: string, envId: string) => `${environment(projectId, envId)}/ic-analyses`,
  icAnalysis: (projectId: string, envId: string, id: string) =>
    `${environment(projectId, envId)}/ic-analyses/${enc(id)}`,
  dashboard: (projectId: string, envId: string) => `${environment(projectId, envId)}/dashboard`,
  alerts: (projectId: string, envId: string) => `${environment(projectId, envId)}/dashboard/alerts`,
  testOcrDataExtraction: (projectId: string, envId: string) =>
    `${environment(projectId, envId)}/test-ocrDataExtraction`,
  /** §2.4 Extractor test; the spec's route table names no path for it, so it follows test-ocrDataExtraction. */
  testExtractor: (projectId: string, envId: string) => `${environment(projectId, envId)}/test-extractor`,
  // Standalone (no layout)
  salesforceCallback: () => '/integrations/salesforce/callback',
  externalIntegration: () => '/integrations/external',
  jiraCallback: () => '/integrations/jira/callback',
  gmailCallback: () => '/integrations/gmail/callback',
  // Self-service layout
  selfService: () => '/self',
  selfNew: () => '/self/new',
  selfEnvironment: self,
  selfAnalyses: (envId: string) => `${self(envId)}/analyses`,
  /** §2.2 names no id in the result's path: the analysis is given in the query (`?id=`). */
  selfAnalysisResult: (envId: string, analysisId?: string) => `${self(envId)}/analyses/result${analysisId === undefined ? '' : `?id=${enc(analysisId)}`}`,
  selfDashboard: (envId: string) => `${self(envId)}/dashboard`,
  selfSettings: (envId: string) => `${self(envId)}/settings`,
} as const;

/** The login default redirect of spec §2.2. */
export function defaultRedirect(session: { hasToken: boolean; isLight?: boolean }): string {
  if (!session.hasToken) return paths.login();
  return session.isLight ? paths.selfService() : paths.organisations();
}
