import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../test-support/test-database';
import type { DatabaseHandle } from './open';
import { environments, members, organisations, projectPermissions, projects, users } from './schema';
import { seedDemo } from './seed';
import { DEMO_USERS } from './seed-data';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMigratedTestDatabase();
});
afterAll(() => handle.close());

async function snapshot() {
  const db = handle.db;
  return {
    organisations: await db.select().from(organisations).orderBy(organisations.id),
    users: await db.select().from(users).orderBy(users.id),
    members: await db.select().from(members).orderBy(members.userId),
    projects: await db.select().from(projects).orderBy(projects.id),
    environments: await db.select().from(environments).orderBy(environments.id),
    projectPermissions: await db
      .select()
      .from(projectPermissions)
      .orderBy(projectPermissions.userId, projectPermissions.projectId),
  };
}

describe('seedDemo', () => {
  it('creates the demo organisation, its projects, environments and one user per role', async () => {
    expect(await seedDemo(handle.db)).toBe(DEMO_USERS.length);
    const data = await snapshot();
    expect(data.organisations).toMatchObject([{ name: 'Démo', contractStartDate: expect.stringMatching(/-01-01$/) }]);
    expect(data.projects.map((p) => p.type).sort()).toEqual(['IC', 'NLU']);
    for (const project of data.projects) {
      const own = data.environments.filter((e) => e.projectId === project.id);
      expect(own).toHaveLength(2);
      expect(own.some((e) => e.visibility === 'private')).toBe(true);
      expect(own.some((e) => e.priority)).toBe(true);
    }
    expect(data.users.map((u) => u.username).sort()).toEqual(
      ['admin', 'configurator', 'expired', 'guest', 'light', 'qualifier', 'sre', 'support', 'viewer'],
    );
    expect(data.users.every((u) => u.email === `${u.username}@demo.postroom.test`)).toBe(true);
    expect(data.users.find((u) => u.username === 'expired')?.passwordExpired).toBe(true);
    expect(data.users.find((u) => u.username === 'light')?.isLight).toBe(true);
    expect(data.members.find((m) => m.userId === 'demo-user-admin')).toMatchObject({ adminMode: 'admin' });
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    expect(await seedDemo(handle.db)).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps what people edited', async () => {
    const { eq } = await import('drizzle-orm');
    await handle.db.update(projects).set({ name: 'Renommé' }).where(eq(projects.id, 'demo-ic'));
    await seedDemo(handle.db);
    const [project] = await handle.db.select().from(projects).where(eq(projects.id, 'demo-ic'));
    expect(project?.name).toBe('Renommé');
  });
});
