/**
 * Provider staff in customers' organisations (spec §1, §6), as attacks on the real routes:
 * - support without ghosting reads no organisation's content, in any organisation;
 * - support ghosting a user gets exactly that user's rights, no more;
 * - SRE operates environments (reads analyses, reanalyzes, changes settings; audited) but cannot
 *   rename or delete projects, manage members, create access keys or webhooks, edit the
 *   organisation, or create or delete environments.
 * Two organisations (the demo and a second one made here) so no rule holds by accident of one.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessKeys,
  analyses,
  analysisFiles,
  auditLogs,
  environments,
  members,
  organisations,
  projectPermissions,
  projects,
  users,
  webhooks,
} from '../db/schema';
import { demoUserId } from '../db/seed-data';
import { fixture, queueAnalysis } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const token = { support: '', sre: '' };

/** One environment of each organisation, public and private, each with an analysis and its file. */
interface Probe {
  orgaId: string;
  projectId: string;
  envId: string;
  analysisId: string;
  fileId: string;
  analysisName: string;
}
const probes: Probe[] = [];

const API = '/v4/console/api';

async function probeIn(orgaId: string, projectId: string, envId: string): Promise<Probe> {
  const analysisName = `confidential mail of ${envId}`;
  const analysisId = await queueAnalysis(server.handle.db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], {
    name: analysisName,
  });
  // Finished, so a reanalysis is allowed by the analysis rules (only the permission is tested).
  await server.handle.db.update(analyses).set({ status: 'processed', finishedAt: new Date() }).where(eq(analyses.id, analysisId));
  const [file] = await server.handle.db.select({ id: analysisFiles.id }).from(analysisFiles).where(eq(analysisFiles.analysisId, analysisId));
  return { orgaId, projectId, envId, analysisId, fileId: file!.id, analysisName };
}

beforeAll(async () => {
  server = await createTestServer();
  const db = server.handle.db;
  // A second customer: its own project, a public and a private environment, a configurator and a viewer.
  await db.insert(organisations).values({ id: 'acme', name: 'Acme' });
  await db.insert(projects).values({ id: 'acme-mail', organisationId: 'acme', name: 'Acme mail', type: 'IC' });
  await db.insert(environments).values([
    { id: 'acme-prod', projectId: 'acme-mail', name: 'Acme prod', visibility: 'public' },
    { id: 'acme-secret', projectId: 'acme-mail', name: 'Acme secret', visibility: 'private' },
  ]);
  for (const [id, profile] of [
    ['acme-configurator', 'configurator'],
    ['acme-viewer', 'cockpit'],
  ] as const) {
    await db.insert(users).values({ id, firstname: id, lastname: 'Acme', username: id, email: `${id}@acme.example` });
    await db.insert(members).values({ organisationId: 'acme', userId: id, role: 'ROLE_PROJECT_ADMIN' });
    await db.insert(projectPermissions).values({ organisationId: 'acme', projectId: 'acme-mail', userId: id, profile });
  }
  probes.push(
    await probeIn('demo', 'demo-ic', 'demo-ic-prod'),
    await probeIn('demo', 'demo-ic', 'demo-ic-recette'),
    await probeIn('acme', 'acme-mail', 'acme-prod'),
    await probeIn('acme', 'acme-mail', 'acme-secret'),
  );
  token.support = await signIn(server.app, 'support');
  token.sre = await signIn(server.app, 'sre');
}, 60_000);
afterAll(() => server.close());

const as = (who: keyof typeof token, ghosting?: string) => ({
  authorization: `Bearer ${token[who]}`,
  ...(ghosting === undefined ? {} : { 'x-switch-user': ghosting }),
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Every read of an environment's or an organisation's content, for one probe. */
function contentReads(p: Probe): [string, string][] {
  const env = `${API}/environment/${p.envId}`;
  return [
    ['the environment', env],
    ['the project', `${API}/project/${p.projectId}`],
    ['its environments', `${API}/project/${p.projectId}/environments`],
    ['the analyses list', `${env}/analyses`],
    ['an analysis', `${env}/analyses/${p.analysisId}`],
    ['a file of an analysis', `${env}/analyses/${p.analysisId}/files/${p.fileId}`],
    ['the settings', `${env}/settings`],
    ['the export', `${env}/export`],
    ['the versions', `${env}/versions`],
    ['the environment consumption', `${env}/consumption`],
    ['the access keys', `${env}/access-keys`],
    ['the webhooks', `${env}/webhooks`],
    ['the organisation', `${API}/organisation/${p.orgaId}`],
    ['the projects', `${API}/organisation/${p.orgaId}/projects`],
    ['the members', `${API}/organisation/${p.orgaId}/members`],
    ['the organisation consumption', `${API}/organisation/${p.orgaId}/consumption`],
    ['the audit log', `${API}/organisation/${p.orgaId}/audit-logs`],
  ];
}

describe('support without ghosting', () => {
  it('reads no content of any organisation, private environments included', async () => {
    const leaks: string[] = [];
    for (const probe of probes) {
      for (const [what, url] of contentReads(probe)) {
        const response = await call('GET', url, as('support'));
        if (![403, 404].includes(response.statusCode)) leaks.push(`${probe.envId}: ${what} answered ${response.statusCode}`);
        if (response.body.includes(probe.analysisName)) leaks.push(`${probe.envId}: ${what} shows the analysis`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('changes nothing either: reanalyze, abort, settings, members', async () => {
    const [demo, , acme] = probes;
    for (const probe of [demo!, acme!]) {
      const env = `${API}/environment/${probe.envId}`;
      for (const [method, url, payload] of [
        ['POST', `${env}/analyses/${probe.analysisId}/reanalyze`, undefined],
        ['POST', `${env}/analyses/${probe.analysisId}/abort`, undefined],
        ['PUT', `${env}/settings`, { name: 'x', visibility: 'public', priority: true, settings: {} }],
        ['PATCH', `${API}/project/${probe.projectId}`, { name: 'renamed by support' }],
      ] as const) {
        const response = await call(method, url, as('support'), payload);
        expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    const [row] = await server.handle.db.select().from(analyses).where(eq(analyses.id, acme!.analysisId));
    expect(row).toMatchObject({ status: 'processed', run: 1 });
  });

  it('keeps what it needs to work: its own account, and the organisations it may ghost into', async () => {
    const me = await call('GET', `${API}/user`, as('support'));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'support', role: 'ROLE_PROVIDER_SUPPORT' });

    const navigation = await call('GET', `${API}/navigation`, as('support'));
    expect(navigation.statusCode).toBe(200);
    const targets = navigation.json<{ organisations: { id: string }[]; projects: unknown[]; environments: unknown[] }>();
    expect(targets.organisations.map((o) => o.id).sort()).toEqual(['acme', 'demo']);
    // Projects and environments (their names, their modules) are the customers' content.
    expect([targets.projects, targets.environments]).toEqual([[], []]);

    const consumption = await call('GET', `${API}/consumption`, as('support'));
    expect([consumption.statusCode, consumption.json()]).toEqual([200, []]);
  });
});

describe('support ghosting a user', () => {
  it('gets exactly that user’s rights: the configurator sees the private environment, the viewer does not', async () => {
    const [, , acmeProd, acmeSecret] = probes;
    const configurator = await call('GET', `${API}/environment/${acmeSecret!.envId}/analyses`, as('support', 'acme-configurator'));
    expect(configurator.statusCode).toBe(200);
    expect(configurator.body).toContain(acmeSecret!.analysisName);

    const viewerSecret = await call('GET', `${API}/environment/${acmeSecret!.envId}`, as('support', 'acme-viewer'));
    expect(viewerSecret.statusCode).toBe(404);
    // A cockpit viewer reads the dashboard, not the mail (§6); neither may support acting as one.
    const viewerProd = await call('GET', `${API}/environment/${acmeProd!.envId}/analyses`, as('support', 'acme-viewer'));
    expect(viewerProd.statusCode).toBe(403);
    expect(viewerProd.body).not.toContain(acmeProd!.analysisName);
    // A cockpit viewer may not reanalyze; neither may support acting as one.
    const reanalyze = await call(
      'POST',
      `${API}/environment/${acmeProd!.envId}/analyses/${acmeProd!.analysisId}/reanalyze`,
      as('support', 'acme-viewer'),
    );
    expect(reanalyze.statusCode).toBe(403);
  });

  it('opens no other organisation than the user’s', async () => {
    for (const probe of probes.filter((p) => p.orgaId === 'demo')) {
      for (const [what, url] of contentReads(probe)) {
        const response = await call('GET', url, as('support', 'acme-configurator'));
        expect([403, 404], `${probe.envId}: ${what}`).toContain(response.statusCode);
      }
    }
  });

  it('opens an environment for the ghost dialog as the user, and audits the agent', async () => {
    const response = await call('GET', `${API}/environment/acme-prod`, as('support', 'acme-viewer'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'acme-prod', projectId: 'acme-mail', organisationId: 'acme' });
    const rows = await server.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, demoUserId('support')), eq(auditLogs.asUserId, 'acme-viewer')));
    expect(rows).toContainEqual(expect.objectContaining({ action: 'environments.get', targetId: 'acme-prod', organisationId: 'acme' }));
  });
});

describe('SRE', () => {
  it('cannot rename or delete a project, manage members, edit the organisation, or create or delete environments', async () => {
    const db = server.handle.db;
    for (const { orgaId, projectId, envId } of [probes[0]!, probes[2]!, probes[3]!]) {
      const attempts: [Method, string, unknown][] = [
        ['PATCH', `${API}/project/${projectId}`, { name: 'renamed by SRE' }],
        ['PATCH', `${API}/project/${projectId}`, { notes: 'notes by SRE' }],
        ['DELETE', `${API}/project/${projectId}`, undefined],
        ['POST', `${API}/organisation/${orgaId}/projects`, { name: 'SRE project', type: 'IC' }],
        ['PUT', `${API}/organisation/${orgaId}`, { name: 'Taken', contractStartDate: '2026-01-01', yearlyQuota: null }],
        ['POST', `${API}/organisation/${orgaId}/users`, { firstname: 'E', lastname: 'Vil', email: 'evil@example.org' }],
        ['POST', `${API}/organisation/${orgaId}/invitations`, { email: 'evil@example.org' }],
        ['PUT', `${API}/organisation/${orgaId}/members/${demoUserId('viewer')}`, { adminMode: 'admin', profiles: [] }],
        ['DELETE', `${API}/organisation/${orgaId}/members/${demoUserId('viewer')}`, undefined],
        ['GET', `${API}/organisation/${orgaId}/members`, undefined],
        ['POST', `${API}/project/${projectId}/environments`, { name: 'SRE env' }],
        ['DELETE', `${API}/environment/${envId}`, undefined],
        ['POST', `${API}/environment/${envId}/import`, {}],
      ];
      for (const [method, url, payload] of attempts) {
        const response = await call(method, url, as('sre'), payload);
        expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    const projectRows = await db.select({ id: projects.id, name: projects.name, notes: projects.notes }).from(projects);
    expect(projectRows.filter((p) => p.name.includes('SRE') || p.notes?.includes('SRE'))).toEqual([]);
    expect(projectRows.map((p) => p.id)).toEqual(expect.arrayContaining(['demo-ic', 'acme-mail']));
    const envRows = await db.select({ id: environments.id }).from(environments);
    expect(envRows.map((e) => e.id)).toEqual(expect.arrayContaining(['demo-ic-prod', 'acme-prod', 'acme-secret']));
    const [acme] = await db.select().from(organisations).where(eq(organisations.id, 'acme'));
    expect(acme?.name).toBe('Acme');
  });

  it('cannot take data out: no access key, no webhook', async () => {
    const db = server.handle.db;
    const before = { keys: (await db.select().from(accessKeys)).length, hooks: (await db.select().from(webhooks)).length };
    for (const { envId } of probes) {
      const env = `${API}/environment/${envId}`;
      for (const [method, url, payload] of [
        ['POST', `${env}/access-keys`, { name: 'exfiltration' }],
        ['GET', `${env}/access-keys`, undefined],
        ['POST', `${env}/webhooks`, { name: 'exfiltration', url: 'https://evil.example/hook', type: 'analysis' }],
        ['GET', `${env}/webhooks`, undefined],
      ] as const) {
        const response = await call(method, url, as('sre'), payload);
        expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    expect({ keys: (await db.select().from(accessKeys)).length, hooks: (await db.select().from(webhooks)).length }).toEqual(before);
  });

  it('operates environments of every organisation: reads analyses, reanalyzes, changes settings, audited', async () => {
    const db = server.handle.db;
    for (const probe of [probes[0]!, probes[3]!]) {
      const env = `${API}/environment/${probe.envId}`;
      const list = await call('GET', `${env}/analyses`, as('sre'));
      expect(list.statusCode, probe.envId).toBe(200);
      expect(list.body).toContain(probe.analysisName);
      expect((await call('GET', `${env}/analyses/${probe.analysisId}`, as('sre'))).statusCode).toBe(200);
      expect((await call('GET', `${env}/analyses/${probe.analysisId}/files/${probe.fileId}`, as('sre'))).statusCode).toBe(200);

      const reanalyzed = await call('POST', `${env}/analyses/${probe.analysisId}/reanalyze`, as('sre'));
      expect(reanalyzed.statusCode, reanalyzed.body).toBe(200);
      const [row] = await db.select().from(analyses).where(eq(analyses.id, probe.analysisId));
      expect(row).toMatchObject({ status: 'waiting', run: 2 });

      const current = (await call('GET', `${env}/settings`, as('sre'))).json<{
        name: string;
        visibility: 'public' | 'private';
        priority: boolean;
        settings: Record<string, unknown>;
      }>();
      const saved = await call('PUT', `${env}/settings`, as('sre'), {
        name: current.name,
        visibility: current.visibility,
        priority: !current.priority,
        settings: current.settings,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [environment] = await db.select().from(environments).where(eq(environments.id, probe.envId));
      expect(environment?.priority).toBe(!current.priority);

      const audited = await db
        .select({ action: auditLogs.action, method: auditLogs.method, calls: auditLogs.calls, targetId: auditLogs.targetId, organisationId: auditLogs.organisationId })
        .from(auditLogs)
        .where(eq(auditLogs.actorId, demoUserId('sre')));
      for (const [action, targetId] of [
        ['analyses.reanalyze', probe.analysisId],
        ['environments.updateSettings', probe.envId],
      ]) {
        expect(audited).toContainEqual(expect.objectContaining({ action, targetId, organisationId: probe.orgaId }));
      }
      // The three reads before the reanalysis (the list, the analysis, its file) are one entry that counts them.
      expect(audited).toContainEqual(expect.objectContaining({ method: 'GET', calls: 3, targetId: probe.envId, organisationId: probe.orgaId }));
    }
  });

  it('is told by the project view what it may do: operations, no member profile', async () => {
    const response = await call('GET', `${API}/project/acme-mail`, as('sre'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ profile: 'noAccess', capabilities: ['operations'], environmentsCount: 2 });
  });
});
