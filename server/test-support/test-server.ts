/**
 * A server on its own in-memory PGlite, migrated (started from the run's snapshot,
 * pglite-snapshots.ts) and seeded, or on a throwaway PostgreSQL database with TEST_DATABASE_URL.
 * Starting one takes seconds, so each test file builds ONE in beforeAll and closes it in afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { DatabaseHandle } from '../db/open';
import { openMigratedTestDatabase } from './test-database';
import { DEMO_PASSWORD } from '../db/seed-data';
import { createMailer } from '../mail/mailer';
import { createOutboundClient } from '../outbound/client';
import { sharedModulePool } from '../module-workers/module-pool';

export const TEST_JWT_SECRET = 'postroom-test-secret-of-at-least-32-bytes';

export interface TestServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Where mails land when the test did not pass its own mailer. */
  outboxDir: string;
  close(): Promise<void>;
}

export async function createTestServer(
  options: Partial<Omit<BuildAppOptions, 'db'>> & { seed?: boolean; databaseThread?: boolean; warmModules?: boolean } = {},
): Promise<TestServer> {
  // `databaseThread`: PGlite in its own thread, as the production server runs it (db/pglite-thread.ts).
  // `warmModules`: the module workers started while the database opens, as server/main.ts starts them,
  // so a screen's first save (its configuration checks run in a module worker) does not wait for one.
  const { seed = true, databaseThread = false, warmModules = false, ...appOptions } = options;
  const warming = warmModules ? sharedModulePool().warm() : null;
  // Mail goes to a throwaway outbox unless the test brings its own mailer (e.g. a local SMTP server).
  const outboxDir = mkdtempSync(join(tmpdir(), 'postroom-outbox-'));
  const handle = await openMigratedTestDatabase({ seed, thread: databaseThread });
  const app = buildApp({
    jwtSecret: TEST_JWT_SECRET,
    mailer: createMailer({ outboxDir }),
    // Tests deliver webhooks to receivers on 127.0.0.1, as POSTROOM_WEBHOOK_ALLOW_PRIVATE=true allows;
    // the tests of the refusal pass a client of their own.
    outbound: createOutboundClient({ allowPrivate: true }),
    ...appOptions,
    // No analysis workers unless the test asks for them (they poll the database).
    pipeline: appOptions.pipeline ?? false,
    db: handle.db,
  });
  await app.ready();
  // The module workers load their engines before the first test, not during it (its timeout).
  if (appOptions.pipeline) await sharedModulePool().warm();
  await warming;
  return {
    app,
    handle,
    outboxDir,
    close: async () => {
      await app.close();
      await handle.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in and returns the access token (fails the test on anything but 200). */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username}: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A new access key of the environment, made by the demo admin: its id and the secret a program sends. */
export async function createAccessKey(app: FastifyInstance, environmentId: string, name: string): Promise<{ id: string; secret: string }> {
  const admin = await signIn(app, 'admin');
  const response = await app.inject({ method: 'POST', url: `/v4/console/api/environment/${environmentId}/access-keys`, headers: { authorization: `Bearer ${admin}` }, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`access key of ${environmentId}: ${response.statusCode} ${response.body}`);
  const body = response.json<{ key: { id: string }; secret: string }>();
  return { id: body.key.id, secret: body.secret };
}
