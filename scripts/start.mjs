#!/usr/bin/env node
/**
 * `npm start`: builds the console when dist/ has none, then runs the server (server/main.ts through
 * tsx) in a child process, passing signals on and exiting as it exits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(new URL('../dist/index.html', import.meta.url))) {
  console.log('No built console in dist/: running npm run build first.');
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });

const forward = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);

server.on('exit', (code, signal) => {
  if (signal !== null) {
    // Die of the same signal, so whoever started npm sees how the server ended.
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(name, forward);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
