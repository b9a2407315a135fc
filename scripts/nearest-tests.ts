/**
 * `npm run test:changed`: the tests nearest to what changed, for a developer's loop of seconds.
 *
 * vitest's own changed mode runs every test file that imports a changed file at any depth, and most
 * server tests import the whole server: a change to the extractor reached 96 files through the
 * routes (4 minutes on 2 cores). Here, from each changed file we walk up its importers one level at
 * a time and stop at the first level that holds test files: the file's own tests, or those of the
 * nearest module that uses it. A changed test file runs itself. Imports are read from the source
 * text (static, dynamic, and the `new URL('./x.mjs', import.meta.url)` that starts a worker thread).
 *
 *   npm run test:changed                 uncommitted changes (staged, unstaged, new files)
 *   npm run test:changed -- main         everything since main, the working tree included
 *   npm run test:changed -- --all [main] vitest's changed mode: every test importing a change
 *
 * `npm test` stays the check before submitting: a change can break a test farther away.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Test files the unit stage runs (vite.config.ts); the browser scenarios are not among them. */
export const UNIT_TEST = /^(src|server|sw|scripts)\/.*\.test\.tsx?$/;
const CODE = /\.(ts|tsx|mjs|js)$/;
const IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]|new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url/g;

/** The relative specifiers a source text imports (packages are not ours to walk). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4]!;
    if (specifier.startsWith('./') || specifier.startsWith('../')) found.push(specifier);
  }
  return found;
}

/** The repository file a specifier names, as TypeScript and Vite resolve it (extension left out, `.js` for `.ts`, a folder's index). */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** For each file, the files that import it. */
export function importersOf(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const importers = new Map<string, string[]>();
  for (const file of files) {
    if (!CODE.test(file)) continue;
    for (const specifier of importsOf(read(file))) {
      const target = resolveImport(file, specifier, known);
      if (target === null || target === file) continue;
      const list = importers.get(target) ?? [];
      if (!list.includes(file)) list.push(file);
      importers.set(target, list);
    }
  }
  return importers;
}

/** The test files nearest to each changed file (see the header), sorted. */
export function nearestTests(changed: readonly string[], importers: ReadonlyMap<string, readonly string[]>, isTest: (file: string) => boolean = (file) => UNIT_TEST.test(file)): string[] {
  const tests = new Set<string>();
  for (const file of changed) {
    if (isTest(file)) {
      tests.add(file);
      continue;
    }
    const seen = new Set([file]);
    let level = [file];
    while (level.length > 0) {
      const next = [...new Set(level.flatMap((at) => importers.get(at) ?? []))].filter((up) => !seen.has(up));
      next.forEach((up) => seen.add(up));
      const found = next.filter(isTest);
      if (found.length > 0) {
        found.forEach((test) => tests.add(test));
        break;
      }
      level = next;
    }
  }
  return [...tests].sort();
}

function git(args: string[]): string[] {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n').filter((line) => line !== '');
}

function main(args: string[]): number {
  const all = args.includes('--all');
  const base = args.find((arg) => !arg.startsWith('--'));
  if (all) {
    return spawnSync('npx', ['vitest', 'run', '--passWithNoTests', '--changed', ...(base ? [base] : [])], { stdio: 'inherit' }).status ?? 1;
  }
  const untracked = git(['ls-files', '--others', '--exclude-standard']);
  const changed = [...git(['diff', '--name-only', base ?? 'HEAD']), ...untracked].filter((file) => existsSync(file));
  const files = [...git(['ls-files']), ...untracked].filter((file) => existsSync(file));
  const tests = nearestTests(changed, importersOf(files, (file) => readFileSync(file, 'utf8')));
  console.log(`${changed.length} changed file(s) → ${tests.length} nearest test file(s)${tests.length ? `:\n  ${tests.join('\n  ')}` : ''}`);
  console.log('(every test that imports a change: npm run test:changed -- --all)');
  if (tests.length === 0) return 0;
  return spawnSync('npx', ['vitest', 'run', ...tests], { stdio: 'inherit' }).status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  process.exitCode = main(process.argv.slice(2));
}
