/**
 * The permission table: every operation of /api/openapi.json, for every demo role. A new
 * operation without a row here fails the first test, so no route ships without a decided rule.
 *
 * For each (operation, role): if the table allows it, the permission layer must let it through;
 * if not, the real HTTP route must refuse it (401, 403, or 404 for what the caller may not see).
 * Refusals happen before the body is read, so even destructive operations are safe to probe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/contract/define';
import type { ServerContext } from '../context';
import { auditLogs } from '../db/schema';
import { demoUserId } from '../db/seed-data';
import { createAccessKey, createTestServer, signIn, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';
import { createAccessCache } from './access-cache';
import { createTokenService } from './tokens';
import { authenticateAccessKey } from './access-keys';
import { authenticate } from './guard';
import { authorize } from './permissions';

const ROLES = ['admin', 'configurator', 'qualifier', 'viewer', 'guest', 'light', 'sre', 'support'] as const;
type DemoRole = (typeof ROLES)[number];
const EVERYONE = ROLES;
const PUBLIC = 'public' as const;
/** Programs only: an access key of the environment in the path; no user token opens these. */
const ACCESS_KEY = 'accessKey' as const;

/** The demo objects each path parameter is probed with. */
const PARAMS: Record<string, string> = {
  orgaId: 'demo',
  projectId: 'demo-ic',
  envId: 'demo-ic-prod',
  provider: 'google',
  // Refused calls never reach the handler and allowed ones are only checked by the rules, so these
  // ids need not exist.
  userId: 'demo-user-viewer',
  token: 'probe-token-of-an-invitation-or-reset-link',
  invitationId: 'probe-invitation',
  keyId: 'probe-key',
  webhookId: 'probe-webhook',
  analysisId: 'probe-analysis',
  fileId: 'probe-file',
  versionId: 'probe-version',
  archetypeId: 'probe-archetype',
  contextId: 'probe-context',
  interactionId: 'probe-interaction',
  functionId: 'probe-function',
  serverId: 'probe-server',
  moduleId: 'probe-module',
  alertId: 'probe-alert',
  kitId: 'probe-kit',
  componentId: 'probe-component',
  connectorId: 'probe-connector',
  testId: 'probe-test',
  messageId: 'probe-message',
  setId: 'probe-set',
  batchId: 'probe-batch',
};

/** Members who work on its projects (`contributor`: admin, or qualifier or configurator on one); not the cockpit-only viewer (§6). */
const ORGANISATION_CONTRIBUTORS = ['admin', 'configurator', 'qualifier'] as const;
const ORGANISATION_ADMINS = ['admin'] as const;
/** Provider staff are members of no organisation: SRE holds `operations`, support nothing until it ghosts. */
const OPERATIONS = ['sre'] as const;
/** At least cockpit on demo-ic: the guest has qualifier there, the light user nothing. */
const PROJECT_READERS = ['admin', 'configurator', 'qualifier', 'viewer', 'guest'] as const;
const PROJECT_CONFIGURATORS = ['admin', 'configurator'] as const;
/** At least qualifier on demo-ic (the guest is a qualifier there). */
const PROJECT_QUALIFIERS = ['admin', 'configurator', 'qualifier', 'guest'] as const;
/** Every full-console user: everyone but the light user, who is refused all but the self-service screens' endpoints. */
const FULL_CONSOLE = ROLES.filter((role) => role !== 'light');
/** Every full-console user but support, who sees no organisation's content without ghosting. */
const FULL_CONSOLE_BUT_SUPPORT = FULL_CONSOLE.filter((role) => role !== 'support');

/** Who may call each operation, with the parameters above. */
const ALLOWED: Record<string, readonly DemoRole[] | typeof PUBLIC | typeof ACCESS_KEY> = {
  'auth.loginCheck': PUBLIC,
  'auth.refresh': PUBLIC,
  'auth.currentUser': EVERYONE,
  'auth.logout': EVERYONE,
  'password.forgottenSend': PUBLIC,
  'password.forgottenCheck': PUBLIC,
  'password.forgottenReset': PUBLIC,
  'password.change': EVERYONE,
  'environments.get': [...PROJECT_READERS, ...OPERATIONS],
  'sso.socialProviders': PUBLIC,
  'sso.socialLoginUrl': PUBLIC,
  'sso.socialLogin': PUBLIC,
  'sso.socialSignup': PUBLIC,
  'sso.oidcAuthUrl': PUBLIC,
  'sso.oidcLogin': PUBLIC,
  'identityProviders.get': ['admin'],
  'identityProviders.put': ['admin'],
  'identityProviders.delete': ['admin'],
  'environments.list': [...PROJECT_READERS, ...OPERATIONS],
  'environments.create': PROJECT_CONFIGURATORS,
  'environments.getSettings': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'environments.updateSettings': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'environments.delete': PROJECT_CONFIGURATORS,
  'environments.export': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'environments.import': PROJECT_CONFIGURATORS,
  'organisations.get': FULL_CONSOLE_BUT_SUPPORT,
  'organisations.update': ORGANISATION_ADMINS,
  'projects.list': FULL_CONSOLE_BUT_SUPPORT,
  'projects.create': ORGANISATION_ADMINS,
  'projects.get': [...PROJECT_READERS, ...OPERATIONS],
  'projects.update': PROJECT_CONFIGURATORS,
  'projects.delete': PROJECT_CONFIGURATORS,
  'navigation.targets': FULL_CONSOLE,
  'members.list': ORGANISATION_CONTRIBUTORS,
  'members.update': ORGANISATION_ADMINS,
  'members.remove': ORGANISATION_ADMINS,
  'invitations.list': ORGANISATION_ADMINS,
  'invitations.create': ORGANISATION_ADMINS,
  'invitations.resend': ORGANISATION_ADMINS,
  'invitations.cancel': ORGANISATION_ADMINS,
  'invitations.get': PUBLIC,
  'invitations.answer': PUBLIC,
  'users.create': ORGANISATION_ADMINS,
  'auditLogs.list': ORGANISATION_ADMINS,
  'accessKeys.list': PROJECT_CONFIGURATORS,
  'accessKeys.create': PROJECT_CONFIGURATORS,
  'accessKeys.delete': PROJECT_CONFIGURATORS,
  'webhooks.list': PROJECT_CONFIGURATORS,
  'webhooks.create': PROJECT_CONFIGURATORS,
  'webhooks.update': PROJECT_CONFIGURATORS,
  'webhooks.delete': PROJECT_CONFIGURATORS,
  'webhooks.test': PROJECT_CONFIGURATORS,
  // Mail (bodies, extracted data, replies, traces, files): qualifier or more; cockpit is dashboard only
  // (§6, server/auth/cockpit-access.test.ts).
  'analyses.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'analyses.create': PROJECT_QUALIFIERS,
  'analyses.simulate': PROJECT_QUALIFIERS,
  'analyses.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'analyses.abort': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'analyses.reanalyze': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'analyses.downloadFile': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'analyses.delete': PROJECT_CONFIGURATORS,
  'api.analyses.create': ACCESS_KEY,
  'api.analyses.simulate': ACCESS_KEY,
  'api.analyses.get': ACCESS_KEY,
  'api.analyses.finish': ACCESS_KEY,
  'extractor.test': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'ocrDataExtraction.test': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'ocrDataExtraction.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'ocrDataExtraction.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  // Members see their organisation's consumption (not external guests); the widget follows the environment.
  'consumption.organisation': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'consumption.mine': FULL_CONSOLE,
  'consumption.environment': [...PROJECT_READERS, ...OPERATIONS],
  // §6: the dashboard requires cockpit or qualifier (configurators and admins count as both).
  'dashboard.environment': [...PROJECT_READERS, ...OPERATIONS],
  // Alerts too (§6): anyone who reads the dashboard sets them up.
  'alerts.list': [...PROJECT_READERS, ...OPERATIONS],
  'alerts.create': [...PROJECT_READERS, ...OPERATIONS],
  'alerts.update': [...PROJECT_READERS, ...OPERATIONS],
  'alerts.setEnabled': [...PROJECT_READERS, ...OPERATIONS],
  'alerts.delete': [...PROJECT_READERS, ...OPERATIONS],
  'integrations.list': PROJECT_CONFIGURATORS,
  'integrations.create': PROJECT_CONFIGURATORS,
  'integrations.update': PROJECT_CONFIGURATORS,
  'integrations.setActive': PROJECT_CONFIGURATORS,
  'integrations.delete': PROJECT_CONFIGURATORS,
  'integrations.deleteKeepingWorkflow': PROJECT_CONFIGURATORS,
  'integrations.authorize': PROJECT_CONFIGURATORS,
  'integrations.completeAuthorization': PROJECT_CONFIGURATORS,
  'integrations.healthCheck': PROJECT_CONFIGURATORS,
  'integrations.run': PROJECT_CONFIGURATORS,
  'integrations.generateCertificate': PROJECT_CONFIGURATORS,
  // Provider SRE screens: SRE only (support sees customers' figures only while ghosting).
  'sre.analysesCounter': OPERATIONS,
  'sre.listAnalyses': OPERATIONS,
  'sre.listScopes': OPERATIONS,
  'sre.reprocess': OPERATIONS,
  'sre.reprocessProgress': OPERATIONS,
  'organisations.listAll': OPERATIONS,
  'organisations.create': OPERATIONS,
  'versions.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'versions.create': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'versions.compare': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'versions.restore': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'versions.delete': PROJECT_CONFIGURATORS,
  // Testing center test runs and domain rules (§6: qualifier or more).
  'testingCenter.tests.list': PROJECT_QUALIFIERS,
  'testingCenter.tests.launch': PROJECT_QUALIFIERS,
  'testingCenter.tests.get': PROJECT_QUALIFIERS,
  'testingCenter.tests.replay': PROJECT_CONFIGURATORS,
  'testingCenter.domainRules.get': PROJECT_QUALIFIERS,
  'testingCenter.domainRules.saveV1': PROJECT_QUALIFIERS,
  'testingCenter.domainRules.saveV2': PROJECT_QUALIFIERS,
  'configurationDocument.get': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'configurationDocument.check': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'configurationDocument.save': PROJECT_CONFIGURATORS,
  // NLU configuration: qualifiers read it, configurators change it.
  'nlu.archetypes.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.archetypes.create': PROJECT_CONFIGURATORS,
  'nlu.archetypes.update': PROJECT_CONFIGURATORS,
  'nlu.archetypes.delete': PROJECT_CONFIGURATORS,
  'nlu.contexts.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.contexts.create': PROJECT_CONFIGURATORS,
  'nlu.contexts.update': PROJECT_CONFIGURATORS,
  'nlu.contexts.delete': PROJECT_CONFIGURATORS,
  'nlu.interactions.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.interactions.create': PROJECT_CONFIGURATORS,
  'nlu.interactions.update': PROJECT_CONFIGURATORS,
  'nlu.interactions.delete': PROJECT_CONFIGURATORS,
  'nlu.functions.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.functions.create': PROJECT_CONFIGURATORS,
  'nlu.functions.update': PROJECT_CONFIGURATORS,
  'nlu.functions.delete': PROJECT_CONFIGURATORS,
  'nlu.servers.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.servers.create': PROJECT_CONFIGURATORS,
  'nlu.servers.update': PROJECT_CONFIGURATORS,
  'nlu.servers.delete': PROJECT_CONFIGURATORS,
  // ROLE_RIGHT_SERVER_START/STOP: configurators (provider SRE counts as one).
  'nlu.servers.start': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'nlu.servers.stop': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  // The NLU test and the configuration check serve the testing center: qualifiers.
  'nlu.test': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.check': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'nlu.import': PROJECT_CONFIGURATORS,
  'nlu.export': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  // Categorization: reading, the check and the test are qualifier screens; saving is configuration.
  'categorization.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'categorization.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'consolidation.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'consolidation.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'categorization.check': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'categorization.test': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'errorLogs.list': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'configuration.wizard': PROJECT_CONFIGURATORS,
  // Configuration graph and problem checks: read as the NLU configuration (qualifier; SRE reads what it operates).
  'configuration.snapshot': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'extraction.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'extraction.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'extraction.test': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  // Toolbox: the rule lets members and SRE in; writing handlers further require an
  // organisation admin or a configurator of one of its projects (toolboxEditForbidden, tested in
  // server/routes/toolbox.test.ts). Syncing is configuration of the environment.
  'toolbox.kits.list': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.kits.create': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.kits.get': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.kits.update': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.kits.delete': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.components.get': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.components.create': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.components.update': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.components.delete': [...ORGANISATION_CONTRIBUTORS, ...OPERATIONS],
  'toolbox.save': PROJECT_CONFIGURATORS,
  'toolbox.syncs.list': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'toolbox.sync.preview': PROJECT_CONFIGURATORS,
  'toolbox.sync.apply': PROJECT_CONFIGURATORS,
  'toolbox.sync.remove': PROJECT_CONFIGURATORS,
  // The use-case library: every member of the organisation (and SRE) reads it; the light user too ("new use case").
  'useCases.list': [...ORGANISATION_CONTRIBUTORS, 'light', ...OPERATIONS],
  // Signed-in rule; the handlers serve light users only and their own use cases only
  // (server/routes/self-service.test.ts proves the refusals).
  'selfService.overview': EVERYONE,
  'selfService.create': EVERYONE,
  'selfService.update': EVERYONE,
  'selfService.delete': EVERYONE,
  // Light users only, their own use cases only: the handlers refuse everyone else (self-service-webmail.test.ts).
  'selfService.webmail': EVERYONE,
  'selfService.webmailConnect': EVERYONE,
  'selfService.webmailComplete': EVERYONE,
  'selfService.webmailSetActive': EVERYONE,
  'selfService.webmailCheckNow': EVERYONE,
  'selfService.webmailDisconnect': EVERYONE,
  // Vision engine: reading its settings is a qualifier screen, saving is configuration.
  'visionEngine.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'visionEngine.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  // Output settings and preview: reading and the preview as the analysis result (qualifier); saving is configuration.
  'output.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'output.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'output.preview': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  // Reply templates: reading, the error list and the test are qualifier screens; saving is configuration.
  'replyTemplates.get': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'replyTemplates.save': [...PROJECT_CONFIGURATORS, ...OPERATIONS],
  'replyTemplates.errors': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  'replyTemplates.test': [...PROJECT_QUALIFIERS, ...OPERATIONS],
  // Testing center message bank (§6): qualifier or more; the parameters are saved by configurators.
  'testingCenter.listMessages': PROJECT_QUALIFIERS,
  'testingCenter.importMessage': PROJECT_QUALIFIERS,
  'testingCenter.getMessage': PROJECT_QUALIFIERS,
  'testingCenter.downloadFile': PROJECT_QUALIFIERS,
  'testingCenter.deleteMessages': PROJECT_QUALIFIERS,
  'testingCenter.tagMessages': PROJECT_QUALIFIERS,
  'testingCenter.listTags': PROJECT_QUALIFIERS,
  'testingCenter.qualifyMessage': PROJECT_QUALIFIERS,
  'testingCenter.latestObtained': PROJECT_QUALIFIERS,
  'testingCenter.listSets': PROJECT_QUALIFIERS,
  'testingCenter.createSet': PROJECT_QUALIFIERS,
  'testingCenter.deleteSet': PROJECT_QUALIFIERS,
  'testingCenter.setMessageIds': PROJECT_QUALIFIERS,
  'testingCenter.getParameters': PROJECT_QUALIFIERS,
  'testingCenter.saveParameters': PROJECT_CONFIGURATORS,
  'testingCenter.addAnalysis': PROJECT_QUALIFIERS,
  'testingCenter.vocabulary': PROJECT_QUALIFIERS,
  'testingCenter.previewSampling': PROJECT_QUALIFIERS,
  'testingCenter.sample': PROJECT_QUALIFIERS,
};

interface Operation {
  id: string;
  method: string;
  /** The OpenAPI path, with its `{params}`. */
  path: string;
  url: string;
  access: Access;
  params: Record<string, string>;
}

let server: TestServer;
let ctx: ServerContext;
let operations: Operation[];
const tokens = new Map<DemoRole, string>();
/** Secrets of an access key of the probed environment and of another one. */
const keys = { own: '', other: '' };

beforeAll(async () => {
  server = await createTestServer();
  ctx = { db: server.handle.db, tokens: createTokenService(TEST_JWT_SECRET), access: createAccessCache() } as ServerContext;
  for (const role of ROLES) tokens.set(role, await signIn(server.app, role));
  for (const [which, envId] of [
    ['own', PARAMS.envId!],
    ['other', 'demo-nlu-prod'],
  ] as const) {
    keys[which] = (await createAccessKey(server.app, envId, `permission table (${which})`)).secret;
  }
  const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, { operationId: string; 'x-postroom-access': Access }>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const params: Record<string, string> = {};
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = PARAMS[name];
        if (value === undefined) throw new Error(`No probe value for path parameter {${name}} of ${op.operationId}`);
        params[name] = value;
        return encodeURIComponent(value);
      });
      return { id: op.operationId, method: method.toUpperCase(), path, url, access: op['x-postroom-access'], params };
    }),
  );
}, 60_000);
afterAll(() => server.close());

/**
 * An access-key operation: refused (401) without a key and to a user token alone, answered 404 with a
 * key of another environment, and let through by the rules with a key of its own environment.
 */
async function accessKeyMismatches(operation: Operation): Promise<string[]> {
  const mismatches: string[] = [];
  const probe = (headers: Record<string, string>) =>
    server.app.inject({
      method: operation.method as 'GET',
      url: operation.url,
      headers,
      payload: operation.method === 'GET' ? undefined : {},
    });
  const expectStatus = async (label: string, headers: Record<string, string>, status: number) => {
    const response = await probe(headers);
    if (response.statusCode !== status) mismatches.push(`${operation.id} ${label}: ${response.statusCode}`);
  };
  await expectStatus('without a key', {}, 401);
  for (const role of ['admin', 'sre'] as const) {
    await expectStatus(`with ${role}'s token alone`, { authorization: `Bearer ${tokens.get(role)}` }, 401);
  }
  await expectStatus('with a key of another environment', { authorization: `Bearer ${keys.other}` }, 404);
  await expectStatus('with a key of another environment (X-Api-Key)', { 'x-api-key': keys.other }, 404);
  const client = await authenticateAccessKey(ctx, keys.own);
  try {
    await authorize(ctx, null, operation.access, operation.params, client);
  } catch (error) {
    mismatches.push(`${operation.id} with its own environment's key: refused (${String(error)})`);
  }
  return mismatches;
}

/** Whether the rules let `role` through; with `ghosting`, support acting as that demo user. */
async function allowedByRules(role: DemoRole, operation: Operation, ghosting?: DemoRole): Promise<boolean> {
  const principal = await authenticate(ctx, `Bearer ${tokens.get(role)}`, ghosting === undefined ? undefined : demoUserId(ghosting));
  try {
    await authorize(ctx, principal, operation.access, operation.params);
    return true;
  } catch {
    return false;
  }
}

describe('the permission table', () => {
  it('has a row for every published operation, and no row for a vanished one', () => {
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('lets through exactly the roles of the table, and the routes refuse the others', async () => {
    const mismatches: string[] = [];
    for (const operation of operations) {
      const expected = ALLOWED[operation.id];
      if (expected === PUBLIC) {
        expect(operation.access.kind, operation.id).toBe('public');
        continue;
      }
      if (expected === ACCESS_KEY) {
        expect(operation.access.kind, operation.id).toBe('accessKey');
        mismatches.push(...(await accessKeyMismatches(operation)));
        continue;
      }
      const anonymous = await server.app.inject({ method: operation.method as 'GET', url: operation.url });
      if (anonymous.statusCode !== 401) mismatches.push(`${operation.id} without a token: ${anonymous.statusCode}`);
      for (const role of ROLES) {
        const allowed = await allowedByRules(role, operation);
        if (allowed !== expected?.includes(role)) {
          mismatches.push(`${operation.id} as ${role}: ${allowed ? 'allowed' : 'refused'}`);
        }
        if (!allowed) {
          const response = await server.app.inject({
            method: operation.method as 'GET',
            url: operation.url,
            headers: { authorization: `Bearer ${tokens.get(role)}` },
            payload: operation.method === 'GET' ? undefined : {},
          });
          if (![403, 404].includes(response.statusCode)) {
            mismatches.push(`${operation.id} as ${role}: the route answered ${response.statusCode}`);
          }
          // The light user is turned away from the full console before anything else is looked at.
          if (role === 'light' && operation.access.lightUsers !== true && (response.statusCode !== 403 || response.json<{ code: string }>().code !== 'lightUserRefused')) {
            mismatches.push(`${operation.id} as light: ${response.statusCode} ${response.json<{ code: string }>().code}, not lightUserRefused`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * On their own self-service project the light user holds the qualifier profile, which
 * opens only what the self-service screens call: their analyses (list, upload, result, files), the
 * use case's settings (the extracted fields' labels) and its dashboard. The testing center, the
 * configuration, versions, alerts, integrations… answer 403 lightUserRefused there too.
 */
const LIGHT_ON_OWN_USE_CASE = [
  'analyses.list',
  'analyses.create',
  'analyses.get',
  'analyses.downloadFile',
  'environments.getSettings',
  'dashboard.environment',
];

describe('the light user on their own use case', () => {
  const own = { projectId: '', envId: '' };

  beforeAll(async () => {
    const headers = { authorization: `Bearer ${tokens.get('light')}` };
    const created = await server.app.inject({
      method: 'POST',
      url: '/v4/console/api/self/use-cases',
      headers,
      payload: { name: 'Table des droits', source: { kind: 'template', template: 'insurance:meeting' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    own.envId = created.json<{ id: string }>().id;
    own.projectId = (await server.app.inject({ method: 'GET', url: '/v4/console/api/self', headers })).json<{ projectId: string }>().projectId;
  }, 60_000);

  it('opens only the endpoints of the self-service screens, and refuses the others with lightUserRefused', async () => {
    const mismatches: string[] = [];
    const ownParams: Record<string, string> = { projectId: own.projectId, envId: own.envId };
    for (const operation of operations) {
      if (operation.access.kind !== 'project' && operation.access.kind !== 'environment') continue;
      const params = { ...operation.params };
      for (const name of Object.keys(params)) if (ownParams[name] !== undefined) params[name] = ownParams[name];
      const probe = { ...operation, params, url: operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)) };
      const allowed = await allowedByRules('light', probe);
      if (allowed !== LIGHT_ON_OWN_USE_CASE.includes(operation.id)) mismatches.push(`${operation.id}: ${allowed ? 'allowed' : 'refused'}`);
      if (allowed) continue;
      const response = await server.app.inject({
        method: operation.method as 'GET',
        url: probe.url,
        headers: { authorization: `Bearer ${tokens.get('light')}` },
        payload: operation.method === 'GET' ? undefined : {},
      });
      const code = response.json<{ code?: string }>().code;
      if (response.statusCode !== 403 || code !== 'lightUserRefused') mismatches.push(`${operation.id}: the route answered ${response.statusCode} ${code}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('is told why, in French by default and in English when asked', async () => {
    for (const [language, message] of [
      [undefined, 'Cela ne fait pas partie de votre espace libre-service.'],
      ['en', 'This is not part of your self-service space.'],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/v4/console/api/organisation/demo/members`,
        headers: { authorization: `Bearer ${tokens.get('light')}`, ...(language === undefined ? {} : { 'accept-language': language }) },
      });
      expect([response.statusCode, response.json()]).toEqual([403, { code: 'lightUserRefused', message }]);
    }
  });
});

describe('hidden environments', () => {
  const hidden = '/v4/console/api/environment/demo-ic-recette';

  it('are visible to configurators, admins and SRE only (support: only by ghosting a configurator)', async () => {
    const visibleTo: DemoRole[] = [];
    for (const role of ROLES) {
      const response = await server.app.inject({
        method: 'GET',
        url: hidden,
        headers: { authorization: `Bearer ${tokens.get(role)}` },
      });
      if (response.statusCode === 200) visibleTo.push(role);
      // The light user is turned away from the full console's environments before any is looked up.
      else if (role === 'light') expect(response.json(), role).toMatchObject({ code: 'lightUserRefused' });
      else expect(response.json(), role).toMatchObject({ code: 'environmentNotFound', message: 'Environnement introuvable.' });
    }
    expect(visibleTo).toEqual(['admin', 'configurator', 'sre']);
  });

  it('answer exactly like an environment that does not exist', async () => {
    const headers = { authorization: `Bearer ${tokens.get('viewer')}` };
    const hiddenAnswer = await server.app.inject({ method: 'GET', url: hidden, headers });
    const missing = await server.app.inject({ method: 'GET', url: '/v4/console/api/environment/nope', headers });
    expect([hiddenAnswer.statusCode, hiddenAnswer.json()]).toEqual([missing.statusCode, missing.json()]);
  });
});

describe('ghosting', () => {
  /** The switch header names a user by id (a demo username is turned into its id). */
  const asUser = (role: DemoRole, target: string, raw = false) => ({
    authorization: `Bearer ${tokens.get(role)}`,
    'x-switch-user': raw ? target : demoUserId(target),
  });

  it('lets support act as a user, with that user’s rights, and audits it', async () => {
    const me = await server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: asUser('support', 'viewer') });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'viewer', role: 'ROLE_PROJECT_VIEWER' });

    // The viewer cannot see the hidden environment, so support acting as the viewer cannot either.
    const hidden = await server.app.inject({
      method: 'GET',
      url: '/v4/console/api/environment/demo-ic-recette',
      headers: asUser('support', 'viewer'),
    });
    expect(hidden.statusCode).toBe(404);

    const environment = await server.app.inject({
      method: 'GET',
      url: '/v4/console/api/environment/demo-ic-prod',
      headers: asUser('support', 'viewer'),
    });
    expect(environment.statusCode).toBe(200);
    expect(environment.json()).toMatchObject({ projectId: 'demo-ic', organisationId: 'demo' });

    const rows = await server.handle.db.select().from(auditLogs);
    expect(rows).toContainEqual(
      expect.objectContaining({
        actorId: demoUserId('support'),
        asUserId: demoUserId('viewer'),
        action: 'environments.get',
        targetType: 'environment',
        targetId: 'demo-ic-prod',
        organisationId: 'demo',
      }),
    );
  });

  it('gives support exactly the rights of the user it acts as, on every operation', async () => {
    const differences: string[] = [];
    for (const operation of operations) {
      const expected = ALLOWED[operation.id];
      if (expected === PUBLIC || expected === ACCESS_KEY) continue;
      for (const role of ['admin', 'configurator', 'qualifier', 'viewer', 'guest', 'light'] as const) {
        const own = await allowedByRules(role, operation);
        const ghosted = await allowedByRules('support', operation, role);
        if (own !== ghosted) differences.push(`${operation.id} as ${role}: ${own} itself, ${ghosted} by support`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('is refused to anyone but support, and never onto provider staff', async () => {
    for (const [role, target] of [
      ['admin', 'viewer'],
      ['sre', 'viewer'],
      ['support', 'sre'],
      ['support', 'nobody-at-all'],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: asUser(role, target) });
      expect(response.statusCode, `${role} as ${target}`).toBe(403);
    }
  });

  it('names the user by id only: a username or an email names nobody', async () => {
    for (const target of ['viewer', 'Viewer', 'viewer@demo.postroom.test']) {
      const response = await server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: asUser('support', target, true) });
      expect(response.statusCode, target).toBe(403);
    }
  });
});
