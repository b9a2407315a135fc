/**
 * bench:api: a loopback load run with autocannon on GET /v4/console/api/user with a valid
 * token (the real server: JWT check, user lookup, permission check, user view from the database) and,
 * in the same run, on a bare Fastify route in its own process. Prints requests per second, p50 and p99
 * of both, their ratio and the machine. Target: the authenticated route keeps at least a third of the
 * bare route's throughput.
 *
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune the runs.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { startServerProcess } from '../../scripts/server-process.ts';
import { machineLine } from '../machine.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startBare() {
  const child = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return { url: line.trim(), stop: () => child.kill('SIGTERM') };
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function describe(label, result) {
  const rps = result.requests.average;
  const line = `${label.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
  console.log(line);
  return rps;
}

const server = await startServerProcess();
const bare = await startBare();
try {
  const login = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Postroom-demo-1' }),
  });
  const { token } = await login.json();
  console.log(machineLine(`${connections} connections, ${duration} s per route`));
  // A short warm-up of each, so neither pays for JIT compilation in its figures.
  await load(`${server.url}/v4/console/api/user`, { authorization: `Bearer ${token}` }).catch(() => undefined);
  const authenticated = describe(
    'GET /v4/console/api/user (token)',
    await load(`${server.url}/v4/console/api/user`, { authorization: `Bearer ${token}` }),
  );
  const baseline = describe('GET /bare (bare Fastify)', await load(`${bare.url}/bare`, {}));
  const ratio = authenticated / baseline;
  console.log(`ratio authenticated / bare: ${ratio.toFixed(2)} (target ≥ 0.33: ${ratio >= 1 / 3 ? 'met' : 'NOT met'})`);
} finally {
  bare.stop();
  await server.stop();
}
