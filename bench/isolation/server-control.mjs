/** Starts bench/isolation/server.mjs in a child process and talks to it over loopback HTTP. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const START_TIMEOUT_MS = 180_000;

/**
 * BENCH_SERVER_FLAGS: Node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it;
 * BENCH_SERVER_STDOUT=1 prints the server's other lines (e.g. `--trace-gc`).
 */
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

export async function startServer() {
  const child = spawn(process.execPath, [...SERVER_FLAGS, '--import', 'tsx', new URL('./server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in time')), START_TIMEOUT_MS);
    // The first line naming an address: Node flags such as --trace-gc print their own lines too.
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('http')) {
        if (process.env.BENCH_SERVER_STDOUT) console.log(`server: ${line}`);
        return;
      }
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  }).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`unexpected server address ${url}`);
  return {
    url,
    /** The server's event-loop delay since the last call (ms): p99 and max. */
    loopDelay() {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 5000);
        child.once('message', (message) => {
          clearTimeout(timer);
          resolve(message.loopDelay);
        });
        child.send('loop-delay');
      });
    },
    /** SIGTERM, then SIGKILL when a frozen event loop cannot handle it. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One API call; never throws: a network failure or a time-out is status 0. */
export async function call(server, method, path, { token, json, jsonText, form, timeoutMs = 30_000 } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  // `jsonText`: a body serialised beforehand, so a large one costs the timed part nothing here.
  if (json !== undefined || jsonText !== undefined) {
    headers['content-type'] = 'application/json';
    body = jsonText ?? JSON.stringify(json);
  } else if (form !== undefined) body = form;
  try {
    const response = await fetch(`${server.url}${path}`, { method, headers, body, signal: AbortSignal.timeout(Math.max(1, timeoutMs)) });
    const text = await response.text();
    let data = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, data };
  } catch (error) {
    return { status: 0, data: error?.name === 'TimeoutError' ? 'timed out' : String(error?.message ?? error) };
  }
}

export async function signIn(server, username) {
  const answer = await call(server, 'POST', '/api/login_check', { json: { username, password: 'Postroom-demo-1' } });
  if (answer.status !== 200) throw new Error(`sign-in of ${username}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data.token;
}

/** Waits until the server answers `path` again, up to `timeoutMs`; true when it does. */
export async function answersAgain(server, token, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await call(server, 'GET', '/v4/console/api/user', { token, timeoutMs: deadline - Date.now() });
    if (answer.status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
