#!/usr/bin/env node
/**
 * `npm run test:postgres`: the server tests whose outcome depends on the database engine, run again
 * on a real PostgreSQL server. Every server test runs on PGlite in the unit stage; PGlite is
 * PostgreSQL compiled to WebAssembly, so SQL behaves the same there. What it cannot show is what
 * needs a server: several connections and processes (locks, SKIP LOCKED claims, races, advisory
 * locks), the node-postgres driver (its pool, the types it returns for raw SQL) and migrations on a
 * server database. A test file joins this pass with a first line `// PostgreSQL pass: <why>.`
 *
 *   npm run test:postgres                  runs the tagged files on TEST_DATABASE_URL
 *   npm run test:postgres -- --list        prints them with their reasons
 *   npm run test:postgres -- <vitest args> passes the arguments on to vitest
 *
 * A file that skips itself without TEST_DATABASE_URL and lacks the tag would run nowhere: that is
 * an error here.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TAG = /^\/\/ PostgreSQL pass: (.+)$/;

const serverTests = readdirSync(join(root, 'server'), { recursive: true })
  .filter((path) => path.endsWith('.test.ts'))
  .map((path) => relative(root, join(root, 'server', path)))
  .sort();

const tagged = [];
const untaggedPostgresOnly = [];
for (const file of serverTests) {
  const text = readFileSync(join(root, file), 'utf8');
  const reason = TAG.exec(text.split('\n', 1)[0])?.[1];
  if (reason !== undefined) tagged.push({ file, reason });
  else if (text.includes('TEST_DATABASE_URL')) untaggedPostgresOnly.push(file);
}

if (untaggedPostgresOnly.length > 0) {
  console.error(
    `These server tests read TEST_DATABASE_URL but are not tagged for the PostgreSQL pass, so part of them runs nowhere:\n  ${untaggedPostgresOnly.join('\n  ')}\n` +
      'Give each a first line "// PostgreSQL pass: <why>." (scripts/postgres-pass.mjs).',
  );
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const { file, reason } of tagged) console.log(`${file}\n    ${reason}`);
  process.exit(0);
}

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'The PostgreSQL pass needs TEST_DATABASE_URL: a PostgreSQL server whose user may create databases, e.g.\n' +
      '  TEST_DATABASE_URL="$(.ci/postgres.sh)" npm run test:postgres',
  );
  process.exit(1);
}

console.log(`[postgres pass] ${tagged.length} of ${serverTests.length} server test files, on ${new URL(process.env.TEST_DATABASE_URL).host}`);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const vitest = spawn(npx, ['vitest', 'run', ...tagged.map(({ file }) => file), ...args], { cwd: root, stdio: 'inherit' });
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
