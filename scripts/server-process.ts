/**
 * Starts the real server (server/main.ts) as a child process on a free loopback port with a throwaway
 * data folder, for the end-to-end tests and the benchmarks. It serves the production build in dist/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../server/test-support/free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  /** The throwaway data folder (PGlite, jwt-secret, outbox/ of mails written without SMTP). */
  dataDir: string;
  /** The child's process id (benches read its CPU time in /proc). */
  pid: number;
  stop(): Promise<void>;
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs} ms`);
}

export async function startServerProcess(
  options: {
    logs?: boolean;
    timeoutMs?: number;
    /** Extra environment variables (e.g. POSTROOM_PIPELINE_WORKERS). */
    env?: Record<string, string>;
    /**
     * Writes the database the server opens (PGlite's folder, `<data folder>/pglite`) before it
     * starts; without it the server makes one (initdb, migrations, the demo seed).
     */
    writeDatabase?: (pgliteDir: string) => Promise<void>;
  } = {},
): Promise<ServerProcess> {
  if (!existsSync(path.join(root, 'dist/index.html'))) {
    throw new Error('No production build in dist/: run `npm run build` first.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postroom-server-'));
  await options.writeDatabase?.(path.join(dataDir, 'pglite'));
  const port = await freePort();
  // POSTROOM_TEST_SERVER_NODE_FLAGS: Node flags for this server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a browser scenario's server time goes (NODE_OPTIONS refuses --cpu-prof).
  const nodeFlags = (process.env.POSTROOM_TEST_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      POSTROOM_DATA_DIR: dataDir,
      // tests/e2e/sso.e2e.ts gives the demo organisation an OpenID provider on a loopback port.
      POSTROOM_SSO_ALLOW_LOOPBACK_HTTP: 'true',
      // tests/e2e/admin.e2e.ts sends a webhook test delivery to a receiver on 127.0.0.1.
      POSTROOM_WEBHOOK_ALLOW_PRIVATE: 'true',
      ...options.env,
    },
    stdio: ['ignore', options.logs ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, child, options.timeoutMs ?? 60000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, pid: child.pid!, stop };
}
