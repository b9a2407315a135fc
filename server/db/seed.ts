/**
 * Inserts the demo data of seed-data.ts. Idempotent: every row has a fixed key and is inserted with
 * ON CONFLICT DO NOTHING, so a second run changes nothing and never overwrites what people edited.
 * (A demo row somebody deleted does come back at the next start; POSTROOM_SEED=false prevents it.)
 */
import { inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Database } from './open';
import { environments, members, organisations, projectPermissions, projects, users } from './schema';
import { seedDemoNlu } from './seed-nlu-insert';
import { seedDemoTestingCenter } from './seed-testing-center';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_ENVIRONMENTS,
  DEMO_ORGANISATION,
  DEMO_PASSWORD,
  DEMO_PROJECTS,
  DEMO_USERS,
  demoUserId,
} from './seed-data';

/** Returns how many users were created (0 when the demo was already there). */
export async function seedDemo(db: Database): Promise<number> {
  const demoIds = DEMO_USERS.map((user) => demoUserId(user.username));
  const existing = new Set(
    (await db.select({ id: users.id }).from(users).where(inArray(users.id, demoIds))).map((row) => row.id),
  );
  const missing = DEMO_USERS.filter((user) => !existing.has(demoUserId(user.username)));
  // Hashing is the slow part (scrypt): done before the transaction, only for users to create.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));

  let created = 0;
  await db.transaction(async (tx) => {
    await tx.insert(organisations).values(DEMO_ORGANISATION).onConflictDoNothing();
    await tx
      .insert(projects)
      .values(DEMO_PROJECTS.map((project) => ({ ...project, organisationId: DEMO_ORGANISATION.id })))
      .onConflictDoNothing();
    await tx.insert(environments).values([...DEMO_ENVIRONMENTS]).onConflictDoNothing();
    await seedDemoNlu(tx, DEMO_ENVIRONMENTS.filter((environment) => environment.projectId === 'demo-nlu').map((environment) => environment.id));
    await seedDemoTestingCenter(tx);

    if (missing.length > 0) {
      const inserted = await tx
        .insert(users)
        .values(
          missing.map((user, i) => ({
            id: demoUserId(user.username),
            username: user.username,
            firstname: user.firstname,
            lastname: user.lastname,
            position: user.position,
            email: `${user.username}@${DEMO_EMAIL_DOMAIN}`,
            passwordHash: hashes[i] ?? null,
            passwordExpired: user.passwordExpired ?? false,
            isLight: user.isLight ?? false,
            providerRole: user.providerRole ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id });
      created = inserted.length;
    }

    // A demo username taken by a real account keeps that account untouched: skip its demo rows.
    const present = new Set(
      (await tx.select({ id: users.id }).from(users).where(inArray(users.id, demoIds))).map((row) => row.id),
    );
    const seeded = DEMO_USERS.filter((user) => present.has(demoUserId(user.username)));

    const memberRows = seeded.flatMap((user) =>
      user.role === undefined
        ? []
        : [
            {
              organisationId: DEMO_ORGANISATION.id,
              userId: demoUserId(user.username),
              role: user.role,
              adminMode: user.role === 'ROLE_ORGANISATION_ADMIN' ? ('admin' as const) : ('notAdmin' as const),
              guest: user.guest ?? false,
            },
          ],
    );
    if (memberRows.length > 0) await tx.insert(members).values(memberRows).onConflictDoNothing();

    const grants = seeded.flatMap((user) =>
      Object.entries(user.profiles ?? {}).flatMap(([projectId, profile]) =>
        profile === undefined
          ? []
          : [{ organisationId: DEMO_ORGANISATION.id, userId: demoUserId(user.username), projectId, profile }],
      ),
    );
    if (grants.length > 0) await tx.insert(projectPermissions).values(grants).onConflictDoNothing();
  });
  return created;
}
