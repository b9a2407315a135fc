/**
 * Starts the real server (server/main.ts through tsx) of a checkout as a child process, on a free
 * loopback port with a throwaway data folder, and reads the CPU time that process has used (all its
 * threads: HTTP, PGlite's database thread, garbage collection) from /proc. Unlike
 * scripts/server-process.ts it needs no production build (the API answers without one) and takes the
 * checkout's folder, so bench:api can run today's code and a baseline checkout side by side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * User + system CPU time of a process, in microseconds (Linux only); with `mainThread`, of its main
 * thread alone (the HTTP thread: the server's worker threads, busy with background jobs now and
 * then, do not count).
 */
export function processCpuMicros(pid, { mainThread = false } = {}) {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / TICKS_PER_SECOND;
}

/**
 * @param {string} checkout folder of the checkout whose server/main.ts runs
 * @param {{ nodeFlags?: string[], env?: Record<string, string>, stdout?: boolean }} options
 */
export async function startCheckoutServer(checkout, options = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postroom-bench-api-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', POSTROOM_DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', options.stdout ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server of ${checkout} exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server of ${checkout} did not answer within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid,
    cpuMicros: () => processCpuMicros(child.pid),
    mainThreadCpuMicros: () => processCpuMicros(child.pid, { mainThread: true }),
    stop,
  };
}

/**
 * Waits until a process has settled: after it answers, a server still warms its module workers, runs
 * the demo seed's test runs and so on for several seconds of CPU, which would count in the first
 * figures. Settled: under `idleShare` of one core for a whole second; gives up after `timeoutMs`.
 */
export async function waitUntilSettled(cpuMicros, { idleShare = 0.05, timeoutMs = 90_000 } = {}) {
  const started = Date.now();
  let before = cpuMicros();
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMicros();
    const share = (now - before) / 1e6;
    before = now;
    if (share < idleShare) return { settledAfterMs: Date.now() - started, share };
  }
  return { settledAfterMs: Date.now() - started, share: NaN };
}
