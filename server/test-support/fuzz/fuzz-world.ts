/**
 * The fuzz stage's own organisation and people, one per role, so what it sends (and what its valid
 * baselines create, rename or delete) touches nothing of the demo's: organisation `fuzz`, project
 * `fuzz-mail` with a public and a private environment (the demo's insurance configuration copied in,
 * so handlers run on a real configuration), an analysis with a file, an access key, and a user per
 * role signed in through the real login.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords';
import { environments, members, organisations, projectPermissions, projects, users } from '../../db/schema';
import type { Database } from '../../db/open';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { fixture, queueAnalysis } from '../../pipeline/testing/analyses';
import { signIn } from '../test-server';

/** Who calls: the roles of spec §6, provider staff, nobody, and a program with an access key. */
export const FUZZ_ROLES = ['orgAdmin', 'configurator', 'qualifier', 'cockpit', 'guest', 'light', 'sre', 'support', 'anonymous'] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];
export type FuzzCaller = FuzzRole | 'program';

export interface FuzzWorld {
  headers: Record<FuzzCaller, Record<string, string>>;
  /** Real ids for path parameters by name (what is not here gets a probe id). */
  params: Record<string, string>;
}

type Member = { role: 'ROLE_ORGANISATION_ADMIN' | 'ROLE_PROJECT_ADMIN' | 'ROLE_PROJECT_QUALIFIER' | 'ROLE_PROJECT_VIEWER' | 'ROLE_PROJECT_SELF_SERVICE'; guest?: boolean; profile?: 'configurator' | 'qualifier' | 'cockpit' };
const PEOPLE: Record<Exclude<FuzzRole, 'anonymous'>, { member?: Member; isLight?: boolean; providerRole?: 'sre' | 'support' }> = {
  orgAdmin: { member: { role: 'ROLE_ORGANISATION_ADMIN' } },
  configurator: { member: { role: 'ROLE_PROJECT_ADMIN', profile: 'configurator' } },
  qualifier: { member: { role: 'ROLE_PROJECT_QUALIFIER', profile: 'qualifier' } },
  cockpit: { member: { role: 'ROLE_PROJECT_VIEWER', profile: 'cockpit' } },
  guest: { member: { role: 'ROLE_PROJECT_QUALIFIER', guest: true, profile: 'qualifier' } },
  light: { member: { role: 'ROLE_PROJECT_SELF_SERVICE' }, isLight: true },
  sre: { providerRole: 'sre' },
  support: { providerRole: 'support' },
};

const ORGANISATION = 'fuzz';
const PROJECT = 'fuzz-mail';
const ENVIRONMENT = 'fuzz-prod';

export async function createFuzzWorld(app: FastifyInstance, db: Database): Promise<FuzzWorld> {
  const [demo] = await db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, 'demo-ic-prod'));
  await db.insert(organisations).values({ id: ORGANISATION, name: 'Fuzz' });
  await db.insert(projects).values({ id: PROJECT, organisationId: ORGANISATION, name: 'Fuzz mail', type: 'IC' });
  await db.insert(environments).values([
    { id: ENVIRONMENT, projectId: PROJECT, name: 'Fuzz prod', visibility: 'public', settings: demo?.settings ?? {} },
    { id: 'fuzz-secret', projectId: PROJECT, name: 'Fuzz secret', visibility: 'private' },
  ]);
  // One scrypt hash for everyone: hashing is the slow part of making users.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [role, person] of Object.entries(PEOPLE)) {
    const id = `fuzz-${role}`;
    await db.insert(users).values({
      id,
      username: id,
      firstname: role,
      lastname: 'Fuzz',
      email: `${id}@fuzz.example`,
      passwordHash,
      isLight: person.isLight ?? false,
      providerRole: person.providerRole ?? null,
    });
    const member = person.member;
    if (member === undefined) continue;
    await db.insert(members).values({
      organisationId: ORGANISATION,
      userId: id,
      role: member.role,
      adminMode: member.role === 'ROLE_ORGANISATION_ADMIN' ? 'admin' : 'notAdmin',
      guest: member.guest ?? false,
    });
    if (member.profile !== undefined) await db.insert(projectPermissions).values({ organisationId: ORGANISATION, projectId: PROJECT, userId: id, profile: member.profile });
  }
  const analysisId = await queueAnalysis(db, ENVIRONMENT, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { name: 'fuzz mail' });

  const headers = { anonymous: {} } as FuzzWorld['headers'];
  await Promise.all(
    Object.keys(PEOPLE).map(async (role) => {
      headers[role as FuzzRole] = { authorization: `Bearer ${await signIn(app, `fuzz-${role}`)}` };
    }),
  );
  const key = await app.inject({ method: 'POST', url: `/v4/console/api/environment/${ENVIRONMENT}/access-keys`, headers: headers.orgAdmin, payload: { name: 'fuzz' } });
  if (key.statusCode !== 200 && key.statusCode !== 201) throw new Error(`access key: ${key.statusCode} ${key.body}`);
  headers.program = { 'x-api-key': key.json<{ secret: string }>().secret };

  return {
    headers,
    params: {
      orgaId: ORGANISATION,
      projectId: PROJECT,
      envId: ENVIRONMENT,
      analysisId,
      // A member who is not the admin, so a valid baseline of members.update or remove changes nobody the stage relies on.
      userId: 'fuzz-cockpit',
      provider: 'google',
    },
  };
}
