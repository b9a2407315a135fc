/**
 * Who may open each page of the console (spec §6 route restrictions), beside the endpoints' access
 * rules and in their terms. The router's guard reads it before a page loads, so a page a role may
 * not use shows one "no access" page instead of firing calls the server refuses; the menus offer
 * only what it opens. Keyed by the route's name (its title key in `routes`); src/app/page-access.test.ts
 * fails on a route without an entry.
 *
 * A page's rule is the one of the calls it cannot do without (its main read), so "the page opens"
 * and "the server answers it" agree. Light users are kept to /self by the route table itself
 * (`lightUsers` on the route handle), not by this table.
 */
import type { OrganisationNeed, ProjectProfile, ProviderCapability } from './access-rules';

export type PageRule =
  /** Anyone, signed in or not (login pages, index). */
  | { kind: 'public' }
  /** Any signed-in user (account pages; pages that say themselves what the caller may not see). */
  | { kind: 'signedIn' }
  /** The organisation of the path (`orgaId`): guests too, its own members, its contributors, or its admins. */
  | { kind: 'organisation'; need: OrganisationNeed; staff?: ProviderCapability }
  /**
   * A contributor (define.ts `OrganisationNeed`: admin, or qualifier or configurator on one of its
   * projects) of at least one organisation: organisation-wide pages without `orgaId`, which show one
   * such organisation (src/app/toolbox-routes.tsx).
   */
  | { kind: 'anyOrganisation'; staff?: ProviderCapability }
  /** The project of the path (`projectId`, also in every environment path): at least that profile. */
  | { kind: 'project'; need: Exclude<ProjectProfile, 'noAccess'>; staff?: ProviderCapability }
  /** Provider staff (`sre`). */
  | { kind: 'provider'; need: 'sre' };

const PUBLIC: PageRule = { kind: 'public' };
const SIGNED_IN: PageRule = { kind: 'signedIn' };
const SRE: PageRule = { kind: 'provider', need: 'sre' };
const ORGANISATION_ADMIN: PageRule = { kind: 'organisation', need: 'admin' };
/** Toolbox and use-case library: not cockpit-only members (§6 "dashboard only"); the SRE operates them. */
const CONTRIBUTORS: PageRule = { kind: 'anyOrganisation', staff: 'operations' };
/** Dashboard and alerts (§6: cockpit or qualifier; the SRE operates them). */
const COCKPIT: PageRule = { kind: 'project', need: 'cockpit', staff: 'operations' };
/** Mail, configuration reads and versions: qualifier (the SRE reads what it operates). */
const QUALIFIER_OR_SRE: PageRule = { kind: 'project', need: 'qualifier', staff: 'operations' };
/** §6: the testing center requires qualifier (no provider capability opens it). */
const QUALIFIER: PageRule = { kind: 'project', need: 'qualifier' };
const CONFIGURATOR_OR_SRE: PageRule = { kind: 'project', need: 'configurator', staff: 'operations' };
const CONFIGURATOR: PageRule = { kind: 'project', need: 'configurator' };

export const PAGE_ACCESS = {
  // Public and login pages.
  index: PUBLIC,
  logout: PUBLIC,
  notFound: PUBLIC,
  login: PUBLIC,
  forgotPassword: PUBLIC,
  resetPassword: PUBLIC,
  oauthGoogle: PUBLIC,
  oidcCallback: PUBLIC,
  invitation: PUBLIC,
  // The user's own pages, and connector callbacks (the callback page checks the connector itself).
  organisations: SIGNED_IN,
  filesViewer: SIGNED_IN,
  consumption: SIGNED_IN,
  profile: SIGNED_IN,
  profilePassword: SIGNED_IN,
  localStorageCleaner: SIGNED_IN,
  salesforceCallback: SIGNED_IN,
  externalIntegration: SIGNED_IN,
  jiraCallback: SIGNED_IN,
  gmailCallback: SIGNED_IN,
  // Self-service: light users on their own use cases (the handlers check the ownership).
  selfHome: SIGNED_IN,
  selfNew: SIGNED_IN,
  selfEnvironment: SIGNED_IN,
  selfAnalyses: SIGNED_IN,
  selfAnalysisResult: SIGNED_IN,
  selfDashboard: SIGNED_IN,
  selfSettings: SIGNED_IN,
  // Provider SRE screens.
  sreInboxcare: SRE,
  sreAnalyses: SRE,
  sreAnalysesCounter: SRE,
  sreOrganisations: SRE,
  // Organisation-wide, without an organisation in the path.
  useCasesLibrary: CONTRIBUTORS,
  kits: CONTRIBUTORS,
  kit: CONTRIBUTORS,
  component: CONTRIBUTORS,
  // Organisation layout. Its home stays open to every signed-in user: it tells support to act as a
  // user first, and someone who is not a member that the organisation does not exist.
  orgaHome: SIGNED_IN,
  // Its contributors read it (members, contract year, quotas); its forms and the identity provider are
  // the admins'. Cockpit-only members get neither it nor the consumption (§6 "dashboard only").
  orgaSettings: { kind: 'organisation', need: 'contributor' },
  orgaConsumption: { kind: 'organisation', need: 'contributor', staff: 'operations' },
  inviteUser: ORGANISATION_ADMIN,
  createUser: ORGANISATION_ADMIN,
  auditLogs: ORGANISATION_ADMIN,
  projectNew: ORGANISATION_ADMIN,
  // Project layout.
  projectHome: COCKPIT,
  createEnv: CONFIGURATOR,
  envSettings: QUALIFIER_OR_SRE,
  envImportExport: CONFIGURATOR_OR_SRE,
  accessKeys: CONFIGURATOR,
  webhooks: CONFIGURATOR,
  integrations: CONFIGURATOR,
  versions: QUALIFIER_OR_SRE,
  // Testing center (§6: message bank list, qualification, import, tests, domain rules: qualifier).
  messagesBank: QUALIFIER,
  qualification: QUALIFIER,
  messagesImport: QUALIFIER,
  tests: QUALIFIER,
  testResult: QUALIFIER,
  // Trying a change reads the configuration and saves it: a configurator's (the replay answer is too).
  testWhatIf: CONFIGURATOR,
  testParameters: QUALIFIER,
  domainRules: QUALIFIER,
  domainRulesV2: QUALIFIER,
  // Environment layout.
  environmentHome: COCKPIT,
  dashboard: COCKPIT,
  alerts: COCKPIT,
  analyses: QUALIFIER_OR_SRE,
  analysis: QUALIFIER_OR_SRE,
  icAnalyses: QUALIFIER_OR_SRE,
  icAnalysis: QUALIFIER_OR_SRE,
  testExtractor: CONFIGURATOR_OR_SRE,
  testOcrDataExtraction: CONFIGURATOR_OR_SRE,
  // Configuration: qualifiers read it, configurators change it (each screen says what it offers).
  configuration: QUALIFIER_OR_SRE,
  configurationIde: CONFIGURATOR_OR_SRE,
  nluArchetypes: QUALIFIER_OR_SRE,
  nluArchetype: QUALIFIER_OR_SRE,
  nluContexts: QUALIFIER_OR_SRE,
  nluInteractions: QUALIFIER_OR_SRE,
  nluInteraction: QUALIFIER_OR_SRE,
  nluFunctions: QUALIFIER_OR_SRE,
  nluServers: QUALIFIER_OR_SRE,
  nluTest: QUALIFIER_OR_SRE,
  categorization: QUALIFIER_OR_SRE,
  categorizationCategories: QUALIFIER_OR_SRE,
  categorizationCategory: QUALIFIER_OR_SRE,
  categorizationRule: QUALIFIER_OR_SRE,
  categorizationAdvanced: QUALIFIER_OR_SRE,
  extraction: QUALIFIER_OR_SRE,
  consolidation: QUALIFIER_OR_SRE,
  visionEngine: QUALIFIER_OR_SRE,
  output: QUALIFIER_OR_SRE,
  replyTemplates: QUALIFIER_OR_SRE,
  replyTemplateModule: QUALIFIER_OR_SRE,
  replyTemplate: QUALIFIER_OR_SRE,
  ocrDataExtraction: QUALIFIER_OR_SRE,
  creationWizard: CONFIGURATOR,
  errorLogs: QUALIFIER_OR_SRE,
  environmentKits: CONFIGURATOR_OR_SRE,
  graph: QUALIFIER_OR_SRE,
} as const satisfies Record<string, PageRule>;

export type PageName = keyof typeof PAGE_ACCESS;

/** The rule of a page by its route name; undefined for a name the table does not know. */
export function pageRule(name: string | undefined): PageRule | undefined {
  return name !== undefined && Object.hasOwn(PAGE_ACCESS, name) ? PAGE_ACCESS[name as PageName] : undefined;
}
