/**
 * A walk of every route of the console, in French and in English, signed in with a role that may
 * open it: each page must pass axe-core with no violation of moderate impact or more, show no text of
 * the other language (language-leaks.ts), log no console error or warning, and neither overflow the
 * window sideways nor break a table header inside a word or clip a button (layout-problems.ts) at
 * 1280 px, at 390 px (a phone) nor at 640 px (a 1280 px window at 200 % zoom lays the page out in 640
 * CSS px).
 *
 * The list comes from `src/app/paths.ts`: a new path without an entry in WALK (or an exemption with
 * its reason) fails the first test. Adding a route is one line in WALK. Detail pages are opened from
 * the ids of data this file creates through the API (its own environment, analysis, kit) or reads from
 * the seeded demo in beforeAll.
 *
 * Kept fast (one browser, one page per role and worker, no full reload between pages): pages are
 * reached by a client-side navigation, and each page is measured at the three widths by resizing the
 * same page rather than loading it three times. Widths are CSS pixels; the device pixel ratio does not
 * change a layout, so it is left at 1.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { paths } from '../../../src/app/paths';
import { apiAs, scratchEnvironment, setModules, settledStatus, type Api } from './api';
import { baseUrl, launchBrowser, openPage } from './browser';
import { signInByApi } from './session';
import { layoutProblems } from './layout-problems';
import { addData, languageLeaks, leaksIn, recordData, type Language } from './language-leaks';
import { storageKeys } from '../../../src/storage/keys';
import { journalEntry } from '../../../src/storage/store';

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

type Role = 'anonymous' | 'admin' | 'sre' | 'light';
type PathKey = keyof typeof paths;

/** What this file creates through the API for the detail pages the demo has no link to. */
interface Made {
  envId: string;
  analysisId: string;
  kitId: string;
  componentId: string;
  /** A test run of the demo's message bank (seeded). */
  testId: string;
  /** A seeded archetype, category and rule of the demo NLU environment (read through the API). */
  archetypeId: string;
  categoryId: string;
  ruleId: string;
  /** The light user's use case, with one analysis in it. */
  useCaseId: string;
  useCaseAnalysisId: string;
}

interface Walk {
  /** The path's key, or `notFound` for an address no route matches. */
  key: PathKey | 'notFound';
  role: Role;
  /** The address, or a function of the data made (or read) by this file. */
  url: string | ((made: Made) => string);
  /** The error answers the page is made to show (an invalid link's 404): not failures here. */
  answers?: number[];
}

const as =
  (role: Role) =>
  (key: Walk['key'], url: Walk['url'], answers?: number[]): Walk => ({ key, role, url, answers });
const anonymous = as('anonymous');
const admin = as('admin');
const sre = as('sre');
const light = as('light');

/** Paths a walk cannot open on its own, with why. */
const EXEMPT: Partial<Record<PathKey, string>> = {
  logout: 'ends the session the walk uses; it only redirects to the login page',
  oauthGoogle: 'callback of a third party: needs its state and code',
  oidcCallback: 'callback of a third party: needs its state and code',
  salesforceCallback: 'callback of a third party: needs its state and code (tests/e2e/integrations-salesforce.e2e.ts)',
  externalIntegration: 'entry point for a third party: needs a state (tests/e2e/integrations-n8n.e2e.ts)',
  jiraCallback: 'callback of a third party: needs its state and code (tests/e2e/integrations-jira.e2e.ts)',
  gmailCallback: 'callback of a third party: needs its state and code (tests/e2e/integrations.e2e.ts)',
  testWhatIf: 'replays a finished run of its own environment copy, and saves into it (tests/e2e/testing-center-what-if.e2e.ts)',
};

/** One line a page. */
const WALK: Walk[] = [
  anonymous('login', paths.login()),
  anonymous('forgotPassword', paths.forgotPassword()),
  // A link that is not (or no longer) valid: the pages say so.
  anonymous('resetPassword', paths.resetPassword('lien-du-parcours-invalide'), [404]),
  anonymous('invitation', paths.invitation('lien-du-parcours-invalide'), [404]),
  admin('notFound', '/pas-une-page-de-la-console'),
  admin('index', paths.index()),
  admin('organisations', paths.organisations()),
  admin('orga', paths.orga(ORGA)),
  admin('orgaSettings', paths.orgaSettings(ORGA)),
  admin('orgaConsumption', paths.orgaConsumption(ORGA)),
  admin('inviteUser', paths.inviteUser(ORGA)),
  admin('createUser', paths.createUser(ORGA)),
  admin('auditLogs', paths.auditLogs(ORGA)),
  admin('projectNew', paths.projectNew(ORGA)),
  admin('useCasesLibrary', paths.useCasesLibrary()),
  admin('toolbox', paths.toolbox()),
  admin('kits', paths.kits()),
  admin('kit', (made) => paths.kit(made.kitId)),
  admin('component', (made) => paths.component(made.componentId)),
  admin('filesViewer', paths.filesViewer()),
  admin('consumption', paths.consumption()),
  admin('profile', paths.profile()),
  admin('profilePassword', paths.profilePassword()),
  admin('localStorageCleaner', paths.localStorageCleaner()),
  admin('project', paths.project(IC)),
  admin('createEnv', paths.createEnv(IC)),
  admin('envManagement', paths.envManagement(IC, 'settings')),
  admin('envManagementOf', paths.envManagementOf(IC, IC_ENV, 'import-export')),
  admin('envManagementOf', paths.envManagementOf(NLU, NLU_ENV, 'access-keys')),
  admin('envManagementOf', paths.envManagementOf(NLU, NLU_ENV, 'webhooks')),
  admin('envManagementOf', paths.envManagementOf(NLU, NLU_ENV, 'integrations')),
  admin('versions', paths.versions(IC)),
  admin('testingCenter', paths.testingCenter(NLU)),
  admin('messagesBank', paths.messagesBank(NLU)),
  admin('qualification', paths.qualification(NLU)),
  admin('messagesImport', paths.messagesImport(NLU)),
  admin('tests', paths.tests(NLU)),
  admin('testResult', (made) => paths.testResult(NLU, made.testId)),
  admin('testParameters', paths.testParameters(NLU)),
  admin('domainRules', paths.domainRules(NLU)),
  admin('domainRulesV2', paths.domainRulesV2(NLU)),
  admin('environment', paths.environment(IC, IC_ENV)),
  admin('configuration', paths.configuration(NLU, NLU_ENV)),
  admin('environmentKits', paths.environmentKits(NLU, NLU_ENV)),
  admin('configurationIde', paths.configurationIde(NLU, NLU_ENV)),
  admin('nlu', paths.nlu(NLU, NLU_ENV, 'archetypes')),
  admin('nlu', paths.nlu(NLU, NLU_ENV, 'contexts')),
  admin('nlu', paths.nlu(NLU, NLU_ENV, 'interactions')),
  admin('nlu', paths.nlu(NLU, NLU_ENV, 'functions')),
  admin('nlu', paths.nlu(NLU, NLU_ENV, 'servers')),
  admin('nlu', paths.nlu(NLU, NLU_ENV, 'test')),
  admin('nluArchetype', (made) => paths.nluArchetype(NLU, NLU_ENV, made.archetypeId)),
  admin('nluInteraction', paths.nluInteraction(NLU, NLU_ENV, 'new')),
  admin('categorization', paths.categorization(NLU, NLU_ENV)),
  admin('categorizationModule', paths.categorizationModule(NLU, NLU_ENV, 'demo-categorization')),
  admin('categorizationCategory', (made) => paths.categorizationCategory(NLU, NLU_ENV, 'demo-categorization', made.categoryId)),
  admin('categorizationRule', (made) => paths.categorizationRule(NLU, NLU_ENV, 'demo-categorization', made.categoryId, made.ruleId)),
  admin('categorizationAdvanced', paths.categorizationAdvanced(NLU, NLU_ENV, 'demo-categorization')),
  admin('extraction', paths.extraction(NLU, NLU_ENV)),
  admin('extractionModule', paths.extractionModule(NLU, NLU_ENV, 'demo-extraction')),
  admin('consolidation', paths.consolidation(NLU, NLU_ENV)),
  admin('consolidationModule', paths.consolidationModule(NLU, NLU_ENV, 'demo-consolidation')),
  admin('visionEngine', paths.visionEngine(NLU, NLU_ENV)),
  admin('visionEngineModule', (made) => paths.visionEngineModule(NLU, made.envId, 'vision')),
  admin('output', paths.output(NLU, NLU_ENV)),
  admin('outputModule', paths.outputModule(NLU, NLU_ENV, 'demo-output')),
  admin('replyTemplates', paths.replyTemplates(NLU, NLU_ENV)),
  admin('replyTemplate', paths.replyTemplate(NLU, NLU_ENV, 'demo-reply-ack')),
  admin('replyTemplateModule', paths.replyTemplateModule(NLU, NLU_ENV, 'demo-reply')),
  admin('ocrDataExtraction', paths.ocrDataExtraction(NLU, NLU_ENV)),
  admin('ocrDataExtractionModule', (made) => paths.ocrDataExtractionModule(NLU, made.envId, 'ocr')),
  admin('creationWizard', paths.creationWizard(NLU, NLU_ENV)),
  admin('errorLogs', paths.errorLogs(NLU, NLU_ENV)),
  admin('graph', paths.graph(NLU, NLU_ENV)),
  admin('analyses', paths.analyses(NLU, NLU_ENV)),
  admin('analysis', (made) => paths.analysis(NLU, made.envId, made.analysisId)),
  admin('icAnalyses', paths.icAnalyses(IC, IC_ENV)),
  admin('icAnalysis', (made) => paths.icAnalysis(NLU, made.envId, made.analysisId)),
  admin('dashboard', paths.dashboard(NLU, NLU_ENV)),
  admin('alerts', paths.alerts(NLU, NLU_ENV)),
  admin('testOcrDataExtraction', paths.testOcrDataExtraction(NLU, NLU_ENV)),
  admin('testOcrDataExtraction', (made) => paths.testOcrDataExtraction(NLU, made.envId)),
  admin('testExtractor', paths.testExtractor(NLU, NLU_ENV)),
  sre('admin', paths.admin()),
  sre('sreInboxcare', paths.sreInboxcare()),
  sre('sreAnalyses', paths.sreAnalyses()),
  sre('sreAnalysesCounter', paths.sreAnalysesCounter()),
  sre('sreOrganisations', paths.sreOrganisations()),
  light('selfService', paths.selfService()),
  light('selfNew', paths.selfNew()),
  light('selfEnvironment', (made) => paths.selfEnvironment(made.useCaseId)),
  light('selfAnalyses', (made) => paths.selfAnalyses(made.useCaseId)),
  light('selfAnalysisResult', (made) => paths.selfAnalysisResult(made.useCaseId, made.useCaseAnalysisId)),
  light('selfDashboard', (made) => paths.selfDashboard(made.useCaseId)),
  light('selfSettings', (made) => paths.selfSettings(made.useCaseId)),
];

const WIDTHS = [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
  { name: '1280 px at 200 %', width: 640, height: 400 },
] as const;

/** Pages walked at once (each worker has its own page per role); two keep a loaded 2-core machine busy without starving the server. */
const WORKERS = 2;

interface RolePage {
  page: Page;
  language: Language;
  /** The strings of the API's answers this role's context received: the data, not the console's texts. */
  data: Set<string>;
  console: string[];
  inFlight: number;
  lastActivity: number;
}

/**
 * Registers the walk of every page in `language` in the calling file: one file per language, so the
 * two walks run side by side. Everything it holds is inside this call: the browser scenarios' files
 * share their modules (isolate: false), and a second walk must not find the first one's contexts.
 */
export function routeWalk(language: Language): void {
  let browser: Browser;
  let api: Api;
  let lightApi: Api;
  let made: Made;
  interface RoleContext {
    context: BrowserContext;
    data: Set<string>;
  }
  const contexts = new Map<Role, Promise<RoleContext>>();

  /**
   * The role's browser context in one language, signed in once. Kept as a promise: the workers start at
   * once, and a second worker's page opened before the sign-in ended would land on the login page and
   * walk it in place of every page it was given.
   */
  function contextFor(role: Role): Promise<RoleContext> {
    let context = contexts.get(role);
    if (!context) contexts.set(role, (context = signedInContext(role)));
    return context;
  }

  async function signedInContext(role: Role): Promise<RoleContext> {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height },
      locale: language === 'fr' ? 'fr-FR' : 'en-GB',
      // Reduced motion: no colour transition is caught half-way by the contrast check (src/ui/small-screens.css honours it).
      reducedMotion: 'reduce',
    });
    const data = recordData(context);
    const page = await context.newPage();
    // The language is the browser's preference (the profile page's choice), written where the console's
    // store replays an uncommitted write at its next load.
    // The admin walks the use-case library itself, which waits for the experimental light edition (a
    // per-browser flag of the profile page, written the same way).
    const entries = [journalEntry(storageKeys.language, language), ...(role === 'admin' ? [journalEntry(storageKeys.featureFlags, { BUC: true })] : [])];
    await page.goto('/favicon.svg');
    await page.evaluate((all) => all.forEach(([name, text]) => localStorage.setItem(name, text)), entries);
    // Signed in once per role: the session lives in the context's storage, shared by its pages.
    if (role !== 'anonymous') await signInByApi(page, role);
    await page.close();
    return { context, data };
  }

  async function openRolePage(role: Role): Promise<RolePage> {
    const { context, data } = await contextFor(role);
    const page = await context.newPage();
    const state: RolePage = { page, language, data, console: [], inFlight: 0, lastActivity: Date.now() };
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') state.console.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => state.console.push(`pageerror: ${error.message}`));
    // The console says "Failed to load resource" without the address: name it.
    page.on('response', (response) => {
      if (response.status() >= 400) state.console.push(`(${response.status()} ${response.request().method()} ${new URL(response.url()).pathname})`);
    });
    page.on('request', () => {
      state.inFlight++;
      state.lastActivity = Date.now();
    });
    const done = () => {
      state.inFlight = Math.max(0, state.inFlight - 1);
      state.lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    return state;
  }

  /**
   * The page drawn (its main landmark and level-one heading, which every page has and axe checks),
   * the network quiet for 400 ms and no spinner nor skeleton left: the page shows its content (or its
   * empty or error state). Drawn first: a cold load on a busy machine parses the console's code for
   * longer than the network's quiet time, and the page then asks for its data.
   */
  async function settle(state: RolePage): Promise<void> {
    const deadline = Date.now() + 12_000;
    const quiet = async () => {
      while (Date.now() < deadline && (state.inFlight > 0 || Date.now() - state.lastActivity < 400)) await state.page.waitForTimeout(100);
    };
    const until = (condition: () => unknown) =>
      state.page.waitForFunction(condition, undefined, { timeout: Math.max(1000, deadline - Date.now()) }).catch(() => undefined);
    await quiet();
    await until(() => document.querySelector('main') && document.querySelector('h1, [role="heading"][aria-level="1"]'));
    await quiet();
    await until(() => !document.querySelector('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]'));
  }

  /** A navigation inside the single-page app (as a link's), or a first load; none to the page shown. */
  async function visit(state: RolePage, url: string): Promise<void> {
    // A list page that opens its first item (categorization → its module) already shows the next entry's page.
    if (state.page.url() !== new URL(url, baseUrl()).href) await openPage(state.page, url);
    await settle(state);
  }

  async function axeProblems(page: Page): Promise<string[]> {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    return page.evaluate(async () => {
      type Node = { target: unknown[]; any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }> };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Node[] }> }> } }).axe;
      const { violations } = await axe.run(document, { resultTypes: ['violations'] });
      const describe = (node: Node) => {
        const data = node.any[0]?.data;
        return JSON.stringify(node.target) + (data?.contrastRatio ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '');
      };
      return violations
        .filter((violation) => ['moderate', 'serious', 'critical'].includes(violation.impact))
        .map((violation) => `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.slice(0, 3).map(describe).join(', ')}`);
    });
  }

  /** Opens one page and measures it at every width; answers what it found wrong. */
  async function check(state: RolePage, walk: Walk): Promise<string[]> {
    const url = typeof walk.url === 'string' ? walk.url : walk.url(made);
    const { page } = state;
    const failures: string[] = [];
    state.console.length = 0;
    await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
    await visit(state, url);
    // A signed-in role sent to the login page would have the login page checked in place of this one.
    if (walk.role !== 'anonymous' && new URL(page.url()).pathname === '/login') return [`${walk.key} ${url}: sent to the login page (${page.url()})`];
    const at = `${walk.key} ${url} (${state.language})`;
    if ((await page.evaluate(() => document.documentElement.lang)) !== state.language) return [`${at}: shown in ${await page.evaluate(() => document.documentElement.lang)}`];
    for (const problem of await axeProblems(page)) failures.push(`${at} [axe]: ${problem}`);
    for (const leak of await languageLeaks(page, state.language, state.data)) failures.push(`${at} [language]: ${leak}`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width: width.width, height: width.height });
      // Two frames: resize observers and media queries have re-rendered.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const overflow = await page.evaluate(() => {
        const width = window.innerWidth;
        const excess = document.documentElement.scrollWidth - width;
        if (excess <= 0) return undefined;
        // The outermost elements that stick out (their parent does not): where to look.
        const culprits = [...document.body.querySelectorAll('*')]
          .filter((element) => element.getBoundingClientRect().right > width + 1 && (element.parentElement?.getBoundingClientRect().right ?? 0) <= width + 1)
          .slice(0, 3)
          .map((element) => element.tagName.toLowerCase() + (typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : ''));
        return `${excess}px (${culprits.join(', ')})`;
      });
      if (overflow) failures.push(`${at} [${width.name}]: page wider than the window by ${overflow}`);
      for (const problem of await layoutProblems(page)) failures.push(`${at} [${width.name}]: ${problem}`);
    }
    // The error answers the page is made to show, and the browser's "Failed to load resource" line for them.
    const shown = (message: string) => (walk.answers ?? []).some((status) => message.startsWith(`(${status} `) || message.includes(`status of ${status} `));
    for (const message of state.console.filter((line) => !shown(line))) failures.push(`${at} console ${message}`);
    return failures;
  }

  /** Runs the entries on WORKERS workers; each keeps one page per role for all its entries. */
  async function walkAll(entries: Walk[]): Promise<string[]> {
    const queue = [...entries];
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const pages = new Map<Role, RolePage>();
        for (let walk = queue.shift(); walk; walk = queue.shift()) {
          let state = pages.get(walk.role);
          if (!state) pages.set(walk.role, (state = await openRolePage(walk.role)));
          failures.push(...(await check(state, walk)));
        }
        for (const state of pages.values()) await state.page.close();
      }),
    );
    return failures;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await apiAs('admin');
    const stamp = Date.now();
    // Its own environment: an analysis (processed by extractor → output), then a vision engine and an
    // OCR data extraction module added for their settings pages. Deleted in afterAll.
    const envId = await scratchEnvironment(api, NLU, `Parcours des pages ${stamp}`, [
      { id: 'extractor', type: 'extractor', name: 'Extracteur' },
      { id: 'output', type: 'output', name: 'Sortie' },
    ]);
    const { id: analysisId } = await api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses/simulated-mail`, {
      name: `Parcours ${stamp}`,
      sender: 'client@example.test',
      recipient: 'service@example.test',
      subject: 'Demande de devis',
      body: 'Bonjour, pourriez-vous me faire un devis pour 40 palettes ?',
      attachments: [],
    });
    await settledStatus(api, envId, analysisId);
    await setModules(api, envId, [
      { id: 'extractor', type: 'extractor', name: 'Extracteur' },
      { id: 'vision', type: 'visionEngine', name: 'Lecture des formulaires' },
      { id: 'ocr', type: 'ocrDataExtraction', name: 'Données OCR' },
      { id: 'output', type: 'output', name: 'Sortie' },
    ]);
    const kit = await api<{ id: string }>('POST', `/v4/console/api/organisation/${ORGA}/toolbox/kits`, { name: `Parcours des pages ${stamp}` });
    const component = await api<{ id: string }>('POST', `/v4/console/api/organisation/${ORGA}/toolbox/components`, {
      kitId: kit.id,
      type: 'archetype',
      entity: { name: 'appareil', dictionaries: { fr: 'lave-linge\naspirateur' } },
    });
    const [run] = await api<Array<{ id: string }>>('GET', `/v4/console/api/project/${NLU}/testing-center/tests`);
    // Seeded detail pages, by id rather than by the list pages' links (which a loaded machine may not have drawn yet).
    const [archetype] = await api<Array<{ id: string }>>('GET', `/v4/console/api/environment/${NLU_ENV}/nlu/archetypes`);
    const categorization = await api<{ config: { categories: Array<{ id: string; rules: Array<{ id: string }> }> } }>(
      'GET',
      `/v4/console/api/environment/${NLU_ENV}/modules/demo-categorization/categorization`,
    );
    const category = categorization.config.categories.find((candidate) => candidate.rules.length > 0);
    // The light user's own use case (self-service), with a mail in it.
    lightApi = await apiAs('light');
    const useCase = await lightApi<{ id: string }>('POST', '/v4/console/api/self/use-cases', { name: `Parcours ${stamp}`, source: { kind: 'template', template: 'insurance:meeting' } });
    // Simulated by the organisation admin (configurator of every project): the light user may only upload.
    const mail = await api<{ id: string }>('POST', `/v4/console/api/environment/${useCase.id}/analyses/simulated-mail`, {
      name: `Rendez-vous ${stamp}`,
      sender: 'client@example.test',
      recipient: 'agence@example.test',
      subject: 'Rendez-vous',
      body: 'Bonjour, je voudrais un rendez-vous avec un conseiller mardi matin.',
      attachments: [],
    });
    made = {
      envId,
      analysisId,
      kitId: kit.id,
      componentId: component.id,
      testId: run?.id ?? 'the demo has no test run',
      useCaseId: useCase.id,
      useCaseAnalysisId: mail.id,
      archetypeId: archetype?.id ?? 'the demo has no archetype',
      categoryId: category?.id ?? 'the demo has no category with rules',
      ruleId: category?.rules[0]?.id ?? 'the demo has no rule',
    };
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts.values()) await (await context.catch(() => undefined))?.context.close();
    await browser?.close();
    if (made?.envId) await api('DELETE', `/v4/console/api/environment/${made.envId}`).catch(() => undefined);
    if (made?.kitId) await api('DELETE', `/v4/console/api/organisation/${ORGA}/toolbox/kits/${made.kitId}`).catch(() => undefined);
    if (made?.useCaseId) await lightApi('DELETE', `/v4/console/api/self/use-cases/${made.useCaseId}`).catch(() => undefined);
  });

  describe(`route walk (${language})`, () => {
    // The detector itself, without a browser: it must see a leak, and must not take the user's data for one.
    it.runIf(language === 'fr')('finds text of the other language, and not in the data', () => {
      const data = new Set<string>();
      addData(data, { name: 'Demande de devis', category: 'prise_de_rendez_vous', document: 'name: Catégorisation\ntype: categorization' });
      const shown = (text: string) => ({ text, where: 'p' });
      expect(leaksIn([shown('Delete the environment'), shown('Enregistrer'), shown('No rule matched (default)'), shown('Effacer session-user-id')], 'fr', data)).toEqual([
        'p: "Delete the environment" (delete, the, environment)',
        'p: "No rule matched (default)" (rule, default)',
      ]);
      expect(leaksIn([shown('Aucun résultat'), shown('Save changes'), shown('Analyses inbox')], 'en', data)).toEqual(['p: "Aucun résultat" (aucun, résultat)']);
      expect(leaksIn([shown('Delete “Demande de devis”?'), shown('Prise de rendez vous'), shown('Catégorisation (categorization)'), shown('Notes'), shown('NO_QUALIFIED_RULE : le message')], 'en', data)).toEqual([
        'p: "NO_QUALIFIED_RULE : le message" (le)',
      ]);
    });

    // Once, with the French walk: the list is the same for both.
    it.runIf(language === 'fr')('has a walk entry or an exemption for every path of the console', () => {
      const walked = new Set(WALK.map((walk) => walk.key));
      expect(Object.keys(paths).filter((key) => !walked.has(key as PathKey) && !(key in EXEMPT))).toEqual([]);
      expect([...walked].filter((key) => key in EXEMPT)).toEqual([]);
    });

    it('opens every page in its language without accessibility violations of moderate impact or more, text of the other language, console errors, nor sideways overflow', async () => {
      expect(await walkAll(WALK)).toEqual([]);
    }, 420_000);
  });
}
