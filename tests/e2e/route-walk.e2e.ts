/**
 * A walk of every route of the console (issue 19 "Polish"), in French, signed in with a role that may
 * open it: each page must pass axe-core with no serious or critical violation, log no console error
 * or warning, and not overflow the window sideways at 390 px wide nor at 1280 px with 200 % zoom.
 *
 * The list comes from `src/app/paths.ts`: a new path without an entry below (or an exemption with its
 * reason) fails the first test. Ids of detail pages are read from the links of their list page, so
 * the walk follows what the seeded demo holds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { paths } from '../../src/app/paths';
import { baseUrl, launchBrowser } from './support/browser';
import { loginPage } from './support/pages';

/**
 * axe-core's source, evaluated in the page through the DevTools protocol: the console's CSP refuses
 * inline scripts (so `addScriptTag` is blocked), and bypassing the CSP would hide the violations this
 * walk must report.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const ORGA = 'demo';
const IC = 'demo-ic';
const IC_ENV = 'demo-ic-prod';
const NLU = 'demo-nlu';
const NLU_ENV = 'demo-nlu-prod';

type Role = 'anonymous' | 'admin' | 'sre';
type PathKey = keyof typeof paths;

interface Walk {
  role: Role;
  /** The address, or a pattern matched against the links of the pages walked before it (detail pages). */
  url: string | RegExp;
}

const admin = (url: string | RegExp): Walk => ({ role: 'admin', url });

/** Paths a walk cannot open on its own, with why. */
const EXEMPT: Partial<Record<PathKey, string>> = {
  logout: 'ends the session the walk uses; it only redirects to the login page',
  resetPassword: 'needs a token mailed by forgot-password; the page is the login layout the walk already checks',
  oauthGoogle: 'callback of a third party: needs its state and code',
  oidcCallback: 'callback of a third party: needs its state and code',
  salesforceCallback: 'callback of a third party (placeholder screen)',
  externalIntegration: 'entry point for a third party (placeholder screen)',
  jiraCallback: 'callback of a third party (placeholder screen)',
  gmailCallback: 'callback of a third party: needs its state and code (tests/e2e/integrations.e2e.ts)',
  selfService: 'self-service screens are built by issue 22 (placeholders here)',
  selfNew: 'self-service screens are built by issue 22 (placeholders here)',
  selfEnvironment: 'self-service screens are built by issue 22 (placeholders here)',
  selfAnalyses: 'self-service screens are built by issue 22 (placeholders here)',
  selfAnalysisResult: 'self-service screens are built by issue 22 (placeholders here)',
  selfDashboard: 'self-service screens are built by issue 22 (placeholders here)',
  selfSettings: 'self-service screens are built by issue 22 (placeholders here)',
};

/** In walk order: a detail page comes after the list page that links to it. */
const WALK: Partial<Record<PathKey, Walk>> = {
  login: { role: 'anonymous', url: paths.login() },
  forgotPassword: { role: 'anonymous', url: paths.forgotPassword() },
  index: admin(paths.index()),
  organisations: admin(paths.organisations()),
  orga: admin(paths.orga(ORGA)),
  orgaSettings: admin(paths.orgaSettings(ORGA)),
  orgaConsumption: admin(paths.orgaConsumption(ORGA)),
  inviteUser: admin(paths.inviteUser(ORGA)),
  createUser: admin(paths.createUser(ORGA)),
  auditLogs: admin(paths.auditLogs(ORGA)),
  projectNew: admin(paths.projectNew(ORGA)),
  useCasesLibrary: admin(paths.useCasesLibrary()),
  toolbox: admin(paths.toolbox()),
  kits: admin(paths.kits()),
  kit: admin(/^\/toolbox\/kits\/[^/?]+$/),
  component: admin(/^\/toolbox\/components\/[^/?]+$/),
  filesViewer: admin(paths.filesViewer()),
  consumption: admin(paths.consumption()),
  profile: admin(paths.profile()),
  profilePassword: admin(paths.profilePassword()),
  localStorageCleaner: admin(paths.localStorageCleaner()),
  project: admin(paths.project(IC)),
  createEnv: admin(paths.createEnv(IC)),
  envManagement: admin(paths.envManagement(IC, 'settings')),
  envManagementOf: admin(paths.envManagementOf(IC, IC_ENV, 'import-export')),
  versions: admin(paths.versions(IC)),
  testingCenter: admin(paths.testingCenter(NLU)),
  messagesBank: admin(paths.messagesBank(NLU)),
  qualification: admin(paths.qualification(NLU)),
  messagesImport: admin(paths.messagesImport(NLU)),
  tests: admin(paths.tests(NLU)),
  testResult: admin(/^\/project\/demo-nlu\/testing-center\/messages-bank\/tests\/[^/?]+$/),
  testParameters: admin(paths.testParameters(NLU)),
  domainRules: admin(paths.domainRules(NLU)),
  domainRulesV2: admin(paths.domainRulesV2(NLU)),
  environment: admin(paths.environment(IC, IC_ENV)),
  configuration: admin(paths.configuration(NLU, NLU_ENV)),
  environmentKits: admin(paths.environmentKits(NLU, NLU_ENV)),
  configurationIde: admin(paths.configurationIde(NLU, NLU_ENV)),
  nlu: admin(paths.nlu(NLU, NLU_ENV, 'archetypes')),
  nluArchetype: admin(/\/configuration\/nlu\/archetypes\/[^/?]+$/),
  nluInteraction: admin(paths.nluInteraction(NLU, NLU_ENV, 'new')),
  categorization: admin(paths.categorization(NLU, NLU_ENV)),
  categorizationModule: admin(paths.categorizationModule(NLU, NLU_ENV, 'demo-categorization')),
  categorizationCategory: admin(/\/configuration\/categorization\/demo-categorization\/categories\/[^/?]+$/),
  categorizationRule: admin(/\/categories\/[^/?]+\/rules\/[^/?]+$/),
  categorizationAdvanced: admin(paths.categorizationAdvanced(NLU, NLU_ENV, 'demo-categorization')),
  extraction: admin(paths.extraction(NLU, NLU_ENV)),
  extractionModule: admin(paths.extractionModule(NLU, NLU_ENV, 'demo-extraction')),
  consolidation: admin(paths.consolidation(NLU, NLU_ENV)),
  consolidationModule: admin(paths.consolidationModule(NLU, NLU_ENV, 'demo-consolidation')),
  visionEngine: admin(paths.visionEngine(NLU, NLU_ENV)),
  visionEngineModule: admin(/\/configuration\/vision-engine\/[^/?]+$/),
  output: admin(paths.output(NLU, NLU_ENV)),
  outputModule: admin(paths.outputModule(NLU, NLU_ENV, 'demo-output')),
  replyTemplates: admin(paths.replyTemplates(NLU, NLU_ENV)),
  replyTemplate: admin(/\/configuration\/reply-templates\/(?!modules\/)[^/?]+$/),
  replyTemplateModule: admin(paths.replyTemplateModule(NLU, NLU_ENV, 'demo-reply')),
  ocrDataExtraction: admin(paths.ocrDataExtraction(NLU, NLU_ENV)),
  ocrDataExtractionModule: admin(/\/configuration\/ocr-data-extraction\/[^/?]+$/),
  creationWizard: admin(paths.creationWizard(NLU, NLU_ENV)),
  errorLogs: admin(paths.errorLogs(NLU, NLU_ENV)),
  graph: admin(paths.graph(NLU, NLU_ENV)),
  analyses: admin(paths.analyses(NLU, NLU_ENV)),
  analysis: admin(/\/environment\/demo-nlu-prod\/analyses\/[^/?]+$/),
  icAnalyses: admin(paths.icAnalyses(IC, IC_ENV)),
  icAnalysis: admin(/\/ic-analyses\/[^/?]+$/),
  dashboard: admin(paths.dashboard(NLU, NLU_ENV)),
  alerts: admin(paths.alerts(NLU, NLU_ENV)),
  testOcrDataExtraction: admin(paths.testOcrDataExtraction(NLU, NLU_ENV)),
  testExtractor: admin(paths.testExtractor(NLU, NLU_ENV)),
  admin: { role: 'sre', url: paths.admin() },
  sreInboxcare: { role: 'sre', url: paths.sreInboxcare() },
  sreAnalyses: { role: 'sre', url: paths.sreAnalyses() },
  sreAnalysesCounter: { role: 'sre', url: paths.sreAnalysesCounter() },
  sreOrganisations: { role: 'sre', url: paths.sreOrganisations() },
};

interface Problems {
  console: string[];
}

let browser: Browser;
const contexts = new Map<Role, { context: BrowserContext; page: Page; problems: Problems }>();
/** Every same-origin link seen on the pages walked so far (pathname + search). */
const seenLinks = new Set<string>();

async function pageFor(role: Role, viewport: { width: number; height: number; deviceScaleFactor: number }) {
  const key = role;
  const existing = contexts.get(key);
  if (existing) return existing;
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor, locale: 'fr-FR' });
  const page = await context.newPage();
  const problems: Problems = { console: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.console.push(`pageerror: ${error.message}`));
  if (role !== 'anonymous') {
    await loginPage.open(page);
    await loginPage.signIn(page, role);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }
  const entry = { context, page, problems };
  contexts.set(key, entry);
  return entry;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // Spinners and skeletons gone: the page shows its content (or its empty/error state).
  await page
    .waitForFunction(() => !document.querySelector('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)).join(', ')}`);
  });
  return result;
}

function resolveUrl(walk: Walk): string | undefined {
  if (typeof walk.url === 'string') return walk.url;
  const pattern = walk.url;
  return [...seenLinks].find((link) => pattern.test(link.split('?')[0]!));
}

async function collectLinks(page: Page): Promise<void> {
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin === new URL(baseUrl()).origin) seenLinks.add(url.pathname + url.search);
  }
}

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 800, deviceScaleFactor: 1 },
  { name: '390 px', width: 390, height: 844, deviceScaleFactor: 3 },
  // A 1280 px window at 200 % zoom lays the page out in 640 CSS px at two device pixels each.
  { name: '1280 px at 200 %', width: 640, height: 400, deviceScaleFactor: 2 },
] as const;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const { context } of contexts.values()) await context.close();
  await browser?.close();
});

describe('route walk', () => {
  it('has a walk entry or an exemption for every path of the console', () => {
    const missing = Object.keys(paths).filter((key) => !(key in WALK) && !(key in EXEMPT));
    expect(missing).toEqual([]);
    const both = Object.keys(WALK).filter((key) => key in EXEMPT);
    expect(both).toEqual([]);
  });

  it('opens every page without serious accessibility violations, console errors, nor sideways overflow', async () => {
    const failures: string[] = [];
    for (const viewport of VIEWPORTS) {
      for (const [, entry] of contexts) await entry.context.close();
      contexts.clear();
      for (const [key, walk] of Object.entries(WALK) as Array<[PathKey, Walk]>) {
        const url = resolveUrl(walk);
        if (url === undefined) {
          failures.push(`${key}: no link on the pages walked before matches ${String(walk.url)}`);
          continue;
        }
        const { page, problems } = await pageFor(walk.role, viewport);
        problems.console.length = 0;
        await page.goto(url);
        await settle(page);
        if (viewport === VIEWPORTS[0]) {
          await collectLinks(page);
          for (const problem of await axeProblems(page)) failures.push(`${key} ${url} [axe]: ${problem}`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) failures.push(`${key} ${url} [${viewport.name}]: page wider than the window by ${overflow}px`);
        for (const message of problems.console) failures.push(`${key} ${url} [${viewport.name}] console ${message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);
});
