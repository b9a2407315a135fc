/**
 * `npm test`: every stage, timed, and a summary at the end.
 *
 * One after the other (the first failure ends the run): ESLint and tsc side by side, the unit,
 * component and server tests (vitest on PGlite); when POSTROOM_TEST_POSTGRES_URL names a PostgreSQL server (`.ci/run`
 * starts one), the server tests that depend on the database engine again on it
 * (scripts/postgres-pass.mjs); the production build; the browser scenarios. The PostgreSQL pass does
 * not run beside the browser scenarios: its multi-process tests hold leases and claims that a starved
 * process loses on 2 cores, which made CI fail for what was only a slow machine.
 *
 * CI may keep only the end of a long log, so the last lines printed are a summary: each stage's
 * seconds and outcome and, for a stage that failed, vitest's failure report again. Each vitest stage
 * also prints its slowest files (scripts/slowest-files-reporter.mjs).
 *
 * `npm test -- --from=build` starts at a later stage (test:unit, test:postgres, build).
 *
 * A browser scenario file that fails is run once more on its own. Two cores sometimes starve a page
 * past a timeout; a file that fails twice fails the run, and a file that passed only the second time
 * is named in the summary with its first failure, so flakiness stays visible rather than hidden.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// eslint-disable-next-line no-control-regex -- the escape character is what starts a terminal colour
const stripColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** `options.quiet`: the output is kept and printed when the stage ends (stages run side by side). */
function stage(name, args, options = {}) {
  const started = Date.now();
  const child = spawn(npm, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const chunks = [];
  const keep = (stream) => (chunk) => {
    chunks.push(chunk);
    if (!options.quiet) stream.write(chunk);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const output = Buffer.concat(chunks).toString('utf8');
      if (options.quiet) process.stdout.write(output);
      const outcome = code === 0 ? 'passed' : `FAILED (exit ${code ?? signal})`;
      const line = `[npm test] ${name}: ${outcome} in ${seconds} s`;
      console.log(`\n${line}`);
      resolve({ name, passed: code === 0, line, output: stripColours(output) });
    });
  });
}

/**
 * What failed, short enough to survive a log cut to its last hundred lines: each failed test's
 * name from vitest's "Failed Tests" report, with the first lines of its error.
 */
function failureReport(output) {
  const lines = output.split('\n').filter((line) => !line.startsWith('{"level"'));
  const start = lines.findIndex((line) => /⎯ Failed (Tests|Suites) \d+ ⎯/.test(line));
  if (start < 0) return lines.slice(-30);
  const report = [];
  lines.slice(start).forEach((line, index, rest) => {
    if (line.startsWith(' FAIL ')) report.push(line, ...rest.slice(index + 1, index + 6).filter(Boolean), '');
  });
  return report.slice(0, 80);
}

const failedFiles = (output) => [
  // " FAIL  <project>  tests/e2e/x.e2e.ts > …": the project's name comes first (vitest.e2e.config.ts).
  ...new Set([...output.matchAll(/^ FAIL .*?(tests\/e2e\/\S+\.e2e\.ts)/gm)].map((match) => match[1])),
];

async function browserScenarios() {
  const first = await stage('browser scenarios', ['run', 'test:e2e']);
  const files = failedFiles(first.output);
  if (first.passed || files.length === 0) return [first];
  console.log(`\n[npm test] running again, on their own, the scenario files that failed: ${files.join(' ')}`);
  const second = await stage('browser scenarios, failed files again', ['run', 'test:e2e', '--', ...files]);
  return [{ ...first, passed: second.passed, flaky: second.passed }, second];
}

const results = [];
const started = Date.now();

function summary() {
  console.log('\n[npm test] ───── summary ─────');
  for (const result of results) {
    if (result.passed && !result.flaky) continue;
    const heading = result.flaky
      ? `[npm test] ${result.name}: these failed once, then passed when run again (flaky):`
      : `[npm test] ${result.name}: what failed:`;
    console.log(`\n${heading}\n${failureReport(result.output).join('\n')}`);
  }
  console.log('');
  for (const result of results) console.log(result.flaky ? `${result.line} (passed when run again)` : result.line);
  console.log(`[npm test] all stages: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(results.every((result) => result.passed) ? 0 : 1);
}

const postgresUrl = process.env.POSTROOM_TEST_POSTGRES_URL;
// ESLint and tsc each use one core: side by side they take the time of the longer one.
const CHECKS = 'lint+typecheck';
const stages = [
  ['lint and typecheck', CHECKS],
  ['unit, component and server tests', 'test:unit'],
  ...(postgresUrl ? [['engine-dependent server tests on PostgreSQL', 'test:postgres']] : []),
  ['build', 'build'],
];
// `npm test -- --from=build` (or test:postgres, test:unit): starts at that stage, e.g. after a fix.
const from = process.argv.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);
const skipped = from === undefined ? 0 : stages.findIndex(([, script]) => script === from);
if (skipped < 0) {
  console.error(`[npm test] --from=${from}: no such stage (${stages.map(([, script]) => script).join(', ')})`);
  process.exit(2);
}
if (!postgresUrl) console.log('[npm test] POSTROOM_TEST_POSTGRES_URL is not set: the server tests run on PGlite only.');

for (const [name, script] of stages.slice(skipped)) {
  if (script === CHECKS) {
    const checks = await Promise.all([stage('lint', ['run', 'lint'], { quiet: true }), stage('typecheck', ['run', 'typecheck'], { quiet: true })]);
    results.push(...checks);
    if (!checks.every((result) => result.passed)) summary();
    continue;
  }
  const env = script === 'test:postgres' ? { TEST_DATABASE_URL: postgresUrl } : {};
  const result = await stage(name, ['run', script], { env });
  results.push(result);
  if (!result.passed) summary();
}

results.push(...(await browserScenarios()));
summary();
