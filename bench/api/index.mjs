/**
 * bench:api: a loopback load run with autocannon on GET /v4/console/api/user with a valid token
 * (the real server: JWT check, session and user lookup, permission check, user view) and, in the same
 * run, on a bare Fastify route in its own process; with BENCH_BASELINE_DIR, also on the server of
 * that other checkout (e.g. `git worktree add ../wt-base <commit>` with node_modules symlinked),
 * measured back to back with this one. Prints, per server, requests per second, p50 and p99, and the
 * server process's CPU time per request (user + system of all its threads, from /proc, so other
 * processes on a shared machine do not count) and of its HTTP thread alone (background jobs in
 * worker threads do not count), the ratio authenticated / bare and the machine.
 * Target: the authenticated route keeps at least half of the bare route's throughput.
 *
 * BENCH_DURATION (seconds per measure, default 10), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS
 * (default 1: each round measures every server once, in turn; the summary takes each one's median),
 * BENCH_SERVER_FLAGS (Node flags for this checkout's server alone, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile it) and BENCH_SERVER_STDOUT=1 (show what the servers print).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { machineLine } from '../machine.mjs';
import { processCpuMicros, startCheckoutServer, waitUntilSettled } from './server.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const baselineDir = process.env.BENCH_BASELINE_DIR;
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const stdout = process.env.BENCH_SERVER_STDOUT === '1';
const checkout = path.resolve(import.meta.dirname, '../..');
const USER_PATH = '/v4/console/api/user';

async function startBare() {
  const child = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return {
    url: line.trim(),
    cpuMicros: () => processCpuMicros(child.pid),
    mainThreadCpuMicros: () => processCpuMicros(child.pid, { mainThread: true }),
    stop: async () => child.kill('SIGTERM'),
  };
}

async function signIn(server) {
  const login = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Postroom-demo-1' }),
  });
  const { token } = await login.json();
  if (typeof token !== 'string') throw new Error(`No token from ${server.url} (${login.status})`);
  return { authorization: `Bearer ${token}` };
}

function load(url, headers, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** One load run, with the CPU the server process spent on it. */
async function measure(target) {
  const cpuBefore = target.cpuMicros();
  const mainBefore = target.mainThreadCpuMicros();
  const result = await load(target.url, target.headers);
  const cpu = target.cpuMicros() - cpuBefore;
  const main = target.mainThreadCpuMicros() - mainBefore;
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: requests > 0 ? cpu / requests : NaN,
    mainPerRequest: requests > 0 ? main / requests : NaN,
    failures: result.non2xx + result.errors,
  };
}

function print(label, m) {
  console.log(
    `${label.padEnd(40)} ${m.rps.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(3)} ms   p99 ${String(m.p99).padStart(3)} ms   server CPU ${m.cpuPerRequest.toFixed(1).padStart(6)} µs/request (HTTP thread ${m.mainPerRequest.toFixed(1).padStart(5)})${m.failures > 0 ? `   FAILED ${m.failures}` : ''}`,
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const started = [];
try {
  const targets = [];
  const current = await startCheckoutServer(checkout, { nodeFlags: serverFlags, stdout });
  started.push(current);
  targets.push({ label: `${USER_PATH} (this checkout)`, ...current, url: `${current.url}${USER_PATH}`, headers: await signIn(current) });
  if (baselineDir !== undefined && baselineDir !== '') {
    const baseline = await startCheckoutServer(path.resolve(baselineDir), { stdout });
    started.push(baseline);
    targets.push({ label: `${USER_PATH} (baseline)`, ...baseline, url: `${baseline.url}${USER_PATH}`, headers: await signIn(baseline) });
  }
  const bare = await startBare();
  started.push(bare);
  targets.push({ label: 'GET /bare (bare Fastify)', ...bare, url: `${bare.url}/bare`, headers: {} });

  console.log(
    machineLine(
      `${connections} connections, ${duration} s per measure, ${rounds} round(s), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    ),
  );
  if (baselineDir) console.log(`baseline: ${path.resolve(baselineDir)}`);
  // Servers warm their workers and run the demo's test runs after they answer: measured only once settled.
  for (const target of targets) {
    const { settledAfterMs } = await waitUntilSettled(target.cpuMicros);
    if (settledAfterMs > 1500) console.log(`${target.label}: settled ${(settledAfterMs / 1000).toFixed(0)} s after start-up`);
  }
  // A short warm-up of each, so none pays for JIT compilation in its figures.
  for (const target of targets) await load(target.url, target.headers, Math.min(duration, 5)).catch(() => undefined);

  const results = new Map(targets.map((target) => [target, []]));
  for (let round = 1; round <= rounds; round += 1) {
    if (rounds > 1) console.log(`round ${round}`);
    for (const target of targets) {
      const m = await measure(target);
      results.get(target).push(m);
      print(target.label, m);
    }
  }
  const summary = new Map(
    targets.map((target) => {
      const ms = results.get(target);
      return [
        target,
        { rps: median(ms.map((m) => m.rps)), cpuPerRequest: median(ms.map((m) => m.cpuPerRequest)), mainPerRequest: median(ms.map((m) => m.mainPerRequest)) },
      ];
    }),
  );
  const [own, ...others] = targets;
  const bareTarget = targets.at(-1);
  const ownSummary = summary.get(own);
  const bareSummary = summary.get(bareTarget);
  if (rounds > 1) console.log('medians:');
  for (const target of targets) {
    const s = summary.get(target);
    if (rounds > 1) console.log(`  ${target.label.padEnd(38)} ${s.rps.toFixed(0).padStart(7)} req/s   server CPU ${s.cpuPerRequest.toFixed(1).padStart(6)} µs/request (HTTP thread ${s.mainPerRequest.toFixed(1).padStart(5)})`);
  }
  const ratio = ownSummary.rps / bareSummary.rps;
  console.log(`ratio authenticated / bare (req/s): ${ratio.toFixed(2)} (target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
  console.log(`CPU per request authenticated / bare: ${(ownSummary.cpuPerRequest / bareSummary.cpuPerRequest).toFixed(2)}`);
  const baselineTarget = others.length > 1 ? others[0] : undefined;
  if (baselineTarget !== undefined) {
    const base = summary.get(baselineTarget);
    console.log(
      `this checkout / baseline: req/s ×${(ownSummary.rps / base.rps).toFixed(2)}, CPU per request ×${(ownSummary.cpuPerRequest / base.cpuPerRequest).toFixed(2)}, HTTP thread CPU per request ×${(ownSummary.mainPerRequest / base.mainPerRequest).toFixed(2)} (baseline ratio to bare ${(base.rps / bareSummary.rps).toFixed(2)})`,
    );
  }
} finally {
  for (const server of started.reverse()) await server.stop();
}
