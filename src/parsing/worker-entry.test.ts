/**
 * Worker threads load their TypeScript entry from a bundle (worker-entry.mjs): every module keeps
 * what it sees through `import.meta.url`, packages load as Node finds them, a changed source file is
 * seen by the next start (a file saved during a build is not taken as built),
 * POSTROOM_THREAD_BUNDLES=off goes back to tsx, and threads start without the process's tsx preload.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES } from './test-support/fixtures';
import { threadExecArgv } from './thread-paths.mjs';
import { bundlePaths, buildBundle, freshBundle, prepareBundles } from './worker-entry.mjs';

const ENTRY = new URL('./test-support/thread-entry.ts', import.meta.url);
const HELPER = new URL('./worker-entry.mjs', import.meta.url);

interface Report {
  url: string;
  fixtures: string;
  frenchCodePage: number;
  stack: string;
}

/** Starts a thread that loads ENTRY the way the boot files do, and returns what the entry reports. */
function startThread(env: NodeJS.ProcessEnv = process.env): Promise<Report> {
  const code = `import(${JSON.stringify(HELPER.href)}).then((helper) => helper.importWorkerEntry(new URL(${JSON.stringify(ENTRY.href)})))`;
  const worker = new Worker(code, { eval: true, env });
  return new Promise<Report>((resolve, reject) => {
    worker.once('message', (report: Report) => resolve(report));
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

describe('worker thread entries', () => {
  const temporary: string[] = [];
  afterEach(() => {
    for (const folder of temporary.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('loads an entry from its bundle, each module seeing its own file and packages found as Node finds them', async () => {
    const report = await startThread();
    const bundle = freshBundle(ENTRY);
    expect(bundle).toContain(bundlePaths(ENTRY).name);
    expect(report.stack).toContain(bundle);
    expect(report.url).toBe(ENTRY.href);
    // fixtures.ts, inside the bundle, finds the shared fixtures relative to itself as before.
    expect(report.fixtures).toBe(FIXTURES);
    // A package subpath without its extension, which plain Node would not complete.
    expect(report.frenchCodePage).toBe(1252);
  });

  it('loads the entry through tsx when bundles are turned off', async () => {
    const report = await startThread({ ...process.env, POSTROOM_THREAD_BUNDLES: 'off' });
    expect(report.stack).not.toContain(bundlePaths(ENTRY).name);
    expect(report.stack).toContain('thread-entry.ts');
    expect(report.frenchCodePage).toBe(1252);
  });

  it('makes a new bundle once a file it was made from changed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'postroom-thread-entry-'));
    temporary.push(folder);
    writeFileSync(join(folder, 'entry.ts'), "import { value } from './value';\nexport const answer: number = value;\n");
    writeFileSync(join(folder, 'value.ts'), 'export const value = 1;\n');
    const entry = pathToFileURL(join(folder, 'entry.ts'));
    temporary.push(bundlePaths(entry).manifest);

    expect(freshBundle(entry)).toBeNull();
    const first = await buildBundle(entry);
    temporary.push(first);
    expect(freshBundle(entry)).toBe(first);

    // Older than the build's start, as an edit made a moment later is from the next start's view.
    writeFileSync(join(folder, 'value.ts'), 'export const value = 4242;\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(folder, 'value.ts'), past, past);
    // Made long ago: it is only superseded now, and a thread may have just read that it is current.
    const longAgo = new Date(Date.now() - 24 * 3_600_000);
    utimesSync(first, longAgo, longAgo);
    expect(freshBundle(entry)).toBeNull();
    const second = await buildBundle(entry);
    temporary.push(second);
    expect(second).not.toBe(first);
    expect(freshBundle(entry)).toBe(second);
    expect(readFileSync(second, 'utf8')).toContain('4242');
    // The first bundle stays for a thread that read the list just before.
    expect(existsSync(first)).toBe(true);
    expect(readFileSync(first, 'utf8')).not.toContain('4242');
  });

  it('keeps the bundles of another checkout that shares these packages apart from this one\'s', async () => {
    // A second checkout (a baseline worktree) with this one's node_modules linked, and a file at the
    // same place as ENTRY holding other code.
    const other = mkdtempSync(join(tmpdir(), 'postroom-checkout-'));
    temporary.push(other);
    mkdirSync(join(other, 'src', 'parsing', 'test-support'), { recursive: true });
    for (const file of ['worker-entry.mjs', 'thread-paths.mjs']) copyFileSync(fileURLToPath(new URL(`./${file}`, HELPER)), join(other, 'src', 'parsing', file));
    symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(other, 'node_modules'));
    const otherEntry = pathToFileURL(join(other, 'src', 'parsing', 'test-support', 'thread-entry.ts'));
    writeFileSync(otherEntry, "export const checkout: string = 'the other one';\n");
    const otherHelper = (await import(pathToFileURL(join(other, 'src', 'parsing', 'worker-entry.mjs')).href)) as typeof import('./worker-entry.mjs');

    await prepareBundles([ENTRY]);
    const ours = freshBundle(ENTRY);
    temporary.push(otherHelper.bundlePaths(otherEntry).manifest);
    const theirs = await otherHelper.buildBundle(otherEntry);
    temporary.push(theirs);
    expect(otherHelper.freshBundle(otherEntry)).toBe(theirs);
    expect(readFileSync(theirs, 'utf8')).toContain('the other one');
    // Ours is still current, and still our code.
    expect(freshBundle(ENTRY)).toBe(ours);
    expect(readFileSync(ours!, 'utf8')).not.toContain('the other one');
  });

  it('does not make a bundle current when one of its files was saved while it was made', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'postroom-thread-entry-'));
    temporary.push(folder);
    writeFileSync(join(folder, 'entry.ts'), 'export const answer = 1;\n');
    const entry = pathToFileURL(join(folder, 'entry.ts'));
    temporary.push(bundlePaths(entry).manifest);
    // Saved "during" the build: its time is later than the build's start.
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(folder, 'entry.ts'), future, future);
    temporary.push(await buildBundle(entry));
    expect(freshBundle(entry)).toBeNull();
  });

  it('starts threads with the process’s Node options less tsx’s preload, which each thread would run again', () => {
    expect(threadExecArgv(['--import', 'tsx', '--max-old-space-size=512', '--import=tsx/esm', '--cpu-prof', '--require', 'tsx/cjs', '--import', './other.mjs'])).toEqual([
      '--max-old-space-size=512',
      '--cpu-prof',
      '--import',
      './other.mjs',
    ]);
    expect(threadExecArgv(['--loader', 'file:///srv/app/node_modules/tsx/dist/loader.mjs', '--enable-source-maps'])).toEqual(['--enable-source-maps']);

    // Under `node --import tsx`, as npm start runs the server: a thread with the process's own options
    // loads tsx again (which turns source maps on); one started with threadExecArgv() does not.
    const folder = mkdtempSync(join(tmpdir(), 'postroom-thread-argv-'));
    temporary.push(folder);
    writeFileSync(join(folder, 'probe.mjs'), "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage(process.sourceMapsEnabled);\n");
    const script = `
      import { Worker } from 'node:worker_threads';
      import { threadExecArgv } from ${JSON.stringify(new URL('./thread-paths.mjs', import.meta.url).href)};
      const probe = ${JSON.stringify(pathToFileURL(join(folder, 'probe.mjs')).href)};
      const ask = (options) => new Promise((resolve) => { const worker = new Worker(new URL(probe), options); worker.once('message', (value) => { resolve(value); void worker.terminate(); }); });
      console.log(JSON.stringify({ inherited: await ask({}), started: await ask({ execArgv: threadExecArgv() }) }));`;
    writeFileSync(join(folder, 'main.mjs'), script);
    const output = execFileSync(process.execPath, ['--import', 'tsx', join(folder, 'main.mjs')], { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ inherited: true, started: false });
  });
});
