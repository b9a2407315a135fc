/**
 * Comments say why, not which tracker item asked for the code: a number in the issue tracker tells a
 * reader nothing the comment could not say itself. Every source file of src/, server/, sw/, tests/,
 * bench/ and scripts/ is read; a tracker reference, also one wrapped onto the next comment line, is
 * reported as file:line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const DIRS = ['src', 'server', 'sw', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
// "issue", "issues" or "Issue", then a number, maybe after "#" or a line break with its comment mark.
const TRACKER_REFERENCE = /\b[Ii]ssues?(?: ?|\n\s*(?:\*|\/\/)?\s*)#?\d+/g;

/**
 * Files being edited elsewhere right now that still name tracker items: their references go with
 * that work. The list must only shrink, to empty; a file that no longer has one fails the test
 * until it leaves the list.
 */
const STILL_BEING_EDITED = new Set([
  'server/db/schema-testing-center.ts',
  'server/db/schema-testing-runs.ts',
  'server/routes/testing-center-bank.ts',
  'server/testing-center/multi-process.test.ts',
  'server/testing-center/seed-demo-runs.ts',
  'server/testing-center/test-runs.test.ts',
  'src/contract/testing-center-bank.ts',
  'src/contract/testing-center.ts',
  'src/contract/testing-runs.ts',
  'src/features/testing-center/runs/result-page.tsx',
  'tests/e2e/support/testing-center-pages.ts',
  'tests/e2e/testing-center-bank.e2e.ts',
  'tests/e2e/testing-center-runs.e2e.ts',
]);

function sourceFiles(): string[] {
  return DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
  );
}

/** Each tracker reference of a file as `file:line`. */
function referencesIn(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(TRACKER_REFERENCE)].map((match) => `${file}:${text.slice(0, match.index).split('\n').length}`);
}

describe('tracker references in comments', () => {
  const files = sourceFiles();
  const found = new Map(files.map((file) => [file, referencesIn(file)]));

  it('reads the source files', () => {
    expect(files.length).toBeGreaterThan(500);
  });

  it('finds none outside the files being edited elsewhere', () => {
    const offending = [...found].filter(([file]) => !STILL_BEING_EDITED.has(file)).flatMap(([, lines]) => lines);
    expect(offending, `say the reason instead of the tracker item:\n${offending.join('\n')}`).toEqual([]);
  });

  it('lists only files that still have one', () => {
    const done = [...STILL_BEING_EDITED].filter((file) => (found.get(file) ?? []).length === 0);
    expect(done, `no tracker reference left: remove from STILL_BEING_EDITED: ${done.join(', ')}`).toEqual([]);
  });
});
