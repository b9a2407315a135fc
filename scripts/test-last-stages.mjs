/**
 * The last stages of `npm test`, side by side: the browser scenarios and, when
 * POSTROOM_TEST_POSTGRES_URL names a PostgreSQL server (`.ci/run` starts one), the server suite again
 * on it. The browser stage waits on Chromium and the server most of the time, so the two together
 * take little more than the longer one on 2 cores. The PostgreSQL pass runs at a lower priority, so
 * the browser scenarios keep the response times a user would see; its output is printed once it ends,
 * so the two logs do not interleave.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function stage(name, args, options = {}) {
  const started = Date.now();
  const child = spawn(options.command ?? npm, args, {
    stdio: options.buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...options.env },
  });
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (options.buffer) process.stdout.write(Buffer.concat(chunks));
      console.log(`\n[npm test] ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code ?? signal})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const postgresUrl = process.env.POSTROOM_TEST_POSTGRES_URL;
const stages = [stage('browser scenarios', ['run', 'test:e2e'])];
if (postgresUrl) {
  stages.push(
    stage('server suite on PostgreSQL', ['-n', '10', npm, 'run', 'test:postgres'], {
      command: 'nice',
      buffer: true,
      env: { TEST_DATABASE_URL: postgresUrl },
    }),
  );
} else {
  console.log('[npm test] POSTROOM_TEST_POSTGRES_URL is not set: the server suite runs on PGlite only.');
}
const results = await Promise.all(stages);
process.exit(results.every(Boolean) ? 0 : 1);
