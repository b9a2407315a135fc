#!/usr/bin/env node
/**
 * `npm run docs:screenshots` (after `npm run build`): runs the browser scenarios that take the guide's
 * pictures (those calling `docsPicture`, tests/e2e/support/docs-pictures.ts) with
 * POSTROOM_DOCS_SCREENSHOTS=1, so they write docs/guide/images/. The files are found by that call
 * rather than listed here: a scenario that starts taking a picture is run without editing this file.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scenarios = readdirSync(new URL('../tests/e2e/', import.meta.url))
  .filter((name) => name.endsWith('.e2e.ts'))
  .filter((name) => /\bdocsPicture\(/.test(readFileSync(new URL(`../tests/e2e/${name}`, import.meta.url), 'utf8')))
  .map((name) => `tests/e2e/${name}`);
console.log(`Taking the guide's pictures in ${scenarios.length} scenario files:\n  ${scenarios.join('\n  ')}`);
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2), ...scenarios], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, POSTROOM_DOCS_SCREENSHOTS: '1' },
});
process.exit(run.status ?? 1);
