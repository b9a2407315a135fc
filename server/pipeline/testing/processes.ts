/**
 * Real server processes (server/main.ts) on one PostgreSQL, for the multi-process tests (pipeline,
 * alerts, test runs): a throwaway database, and children started with their own data folder and
 * pipeline settings; or one process on a prepared PGlite data folder (the shutdown test). `multiProcessSuite` is their shared set-up: the database migrated and seeded
 * before the file's tests, every started process killed and the database dropped after them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrateDatabase } from '../../db/migrate';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/open';
import { seedDemo } from '../../db/seed';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The processes' signing key (32 bytes): a test sealing secrets for them seals with it. */
export const SERVER_PROCESS_JWT_SECRET = 'postroom-multi-process-secret-of-32-bytes';

export async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `postroom_pipeline_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Prefix of this process's worker ids (`host:pid:`). */
  pid: number;
  /** Its data folder (mails land in its outbox/ when no SMTP is set); removed by kill() when made here. */
  dataDir: string;
  output: () => string;
  /** The address it listens on, read from its log (LOG_LEVEL info); rejects if it exits first. */
  origin: Promise<string>;
  /** How and when it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A server process on `database`: a PostgreSQL URL (the multi-process tests; a data folder of its
 * own is made), or a prepared PGlite data folder (`{ dataDir }`, holding `pglite/`), kept after it ends.
 */
export function startServerProcess(database: string | { dataDir: string }, env: Record<string, string>): ServerProcess {
  const ownFolder = typeof database === 'string';
  const dataDir = typeof database === 'string' ? mkdtempSync(join(tmpdir(), 'postroom-process-')) : database.dataDir;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: typeof database === 'string' ? database : '',
      PORT: '0',
      HOST: '127.0.0.1',
      POSTROOM_DATA_DIR: dataDir,
      POSTROOM_SEED: 'false',
      JWT_SECRET: SERVER_PROCESS_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // One module worker per process (a thread loading the engines at start): several processes
      // on 2 cores start faster, and these suites are about the database, not module throughput.
      POSTROOM_MODULE_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const origin = new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  // Most callers never ask where it listens: its end before listening is no error of theirs.
  origin.catch(() => undefined);
  return {
    child,
    pid: child.pid!,
    dataDir,
    output: () => output,
    origin,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      if (ownFolder) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MultiProcessSuite {
  /** The test's own connection to the scratch database (seeded with the demo). */
  readonly db: Database;
  readonly url: string;
  /** Every process started so far (killed after the file's tests). */
  readonly processes: ServerProcess[];
  start(env: Record<string, string>): ServerProcess;
}

/** Registers the file's beforeAll/afterAll: scratch database on `serverUrl`, migrated and seeded. */
export function multiProcessSuite(serverUrl: string): MultiProcessSuite {
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let handle: DatabaseHandle | undefined;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    database = await scratchDatabase(serverUrl);
    handle = await openDatabase(database.url);
    await migrateDatabase(handle);
    await seedDemo(handle.db);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await handle?.close();
    await database?.drop();
  }, 60_000);
  return {
    get db() {
      return handle!.db;
    },
    get url() {
      return database!.url;
    },
    processes,
    start(env) {
      const started = startServerProcess(database!.url, env);
      processes.push(started);
      return started;
    },
  };
}

/** Polls `check` every 50 ms; fails with `what()` (e.g. the processes' output) after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
