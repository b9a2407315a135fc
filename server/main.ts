/**
 * Starts the server: configuration from the environment (config.ts), the database (PGlite in the
 * data folder, or PostgreSQL with DATABASE_URL), migrations, the demo seed, then the API and the
 * built console on one port. `npm start` runs this through scripts/start.mjs.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { readConfig } from './config';
import { migrateDatabase } from './db/migrate';
import { openDatabase } from './db/open';
import { seedDemo } from './db/seed';
import { seedDemoTestRuns } from './testing-center/seed-demo-runs';
import { createMailer } from './mail/mailer';
import { createOutboundClient } from './outbound/client';
import { closeSharedModulePool, sharedModulePool } from './module-workers/module-pool';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
/** Inside the data folder, beside jwt-secret and outbox/: PGlite owns this sub-folder. */
const PGLITE_FOLDER = 'pglite';
/** Mails written as .eml files when no SMTP_URL is set. */
const OUTBOX_FOLDER = 'outbox';
/** Past this, a stuck close (a hanging request, a database that does not answer) is cut short. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfig(process.env);
  // Owner-only when we create it: it holds the signing key and, with PGlite, every row.
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const pgliteDir = join(config.dataDir, PGLITE_FOLDER);
  // PGlite runs in a thread of its own: the thread answering HTTP does none of the database's work.
  const handle = await openDatabase(config.databaseUrl ?? pgliteDir, { thread: true });
  await migrateDatabase(handle);
  const seeded = config.seed ? await seedDemo(handle.db) : 0;
  // Queued only: the app's test runner runs them once it is ready (testing center demo).
  if (config.seed) await seedDemoTestRuns(handle.db);

  const jwtSecret = config.jwtSecret ?? (await loadOrCreateJwtSecret(config.dataDir));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, OUTBOX_FOLDER),
    // Only called when a mail is sent, long after `app` exists.
    log: (details, message) => app.log.info(details, message),
  });
  const app = buildApp({
    db: handle.db,
    jwtSecret,
    staticDir: DIST_DIR,
    logger: { level: config.logLevel },
    mailer,
    publicUrl: config.publicUrl,
    consoleOrigins: config.consoleOrigins,
    apiOrigin: config.apiOrigin,
    sso: config.sso,
    pipeline: config.pipeline,
    outbound: createOutboundClient({ allowPrivate: config.outbound.allowPrivate }),
    nlu: config.nlu,
    dashboards: config.dashboards,
    integrations: config.integrations,
    alertsEveryMs: config.alertsEveryMs,
  });

  app.log.info(
    {
      database: handle.kind === 'pglite' ? pgliteDir : 'postgresql (DATABASE_URL)',
      seededUsers: seeded,
    },
    'database ready',
  );
  if (handle.kind === 'postgres' && config.jwtSecret === undefined) {
    app.log.warn('DATABASE_URL without JWT_SECRET: each process signs with its own key from its data folder');
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A terminal's Ctrl-C reaches both start.mjs and us, and start.mjs forwards it: act once.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    void app
      .close()
      // After app.close(): the runs were given back, no module task is still wanted.
      .then(() => closeSharedModulePool())
      .then(() => handle.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  // Warm module workers: the first analyses do not wait for a thread to load its engines.
  void sharedModulePool().warm();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
