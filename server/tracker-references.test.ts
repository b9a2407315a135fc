/**
 * Comments say why, not which tracker item asked for the code: a number in the issue tracker tells a
 * reader nothing the comment could not say itself. Every source file of src/, server/, sw/, tests/,
 * bench/ and scripts/ is read, and the README and every page of docs/; a tracker reference, also one
 * wrapped onto the next comment line, is reported as file:line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const DIRS = ['src', 'server', 'sw', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
// "issue", "issues" or "Issue", then a number, maybe after "#" or a line break with its comment mark.
const TRACKER_REFERENCE = /\b[Ii]ssues?(?: ?|\n\s*(?:\*|\/\/)?\s*)#?\d+/g;

function sourceFiles(): string[] {
  // The README and docs/ too: they describe the code as it is, not the order it was asked for in.
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.split(path.sep).join('/')}`);
  return ['README.md', ...docs, ...DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
  )];
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
    expect(files).toContain('docs/operations/environment.md');
  });

  it('finds none', () => {
    const offending = [...found.values()].flat();
    expect(offending, `say the reason instead of the tracker item:\n${offending.join('\n')}`).toEqual([]);
  });
});
