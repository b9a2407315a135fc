/**
 * The guide's pictures are taken by the browser scenarios (`docsPicture`, run by
 * `npm run docs:screenshots`). Each picture a scenario takes must be committed and shown on a page,
 * and each committed picture must still be taken by a scenario: otherwise it is a picture nobody
 * retakes, which goes stale as the screens change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const IMAGES = 'docs/guide/images';

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

const committed = readdirSync(path.join(root, IMAGES))
  .filter((name) => /\.(png|jpe?g)$/.test(name))
  .map((name) => name.replace(/\.(png|jpe?g)$/, ''))
  .sort();
const taken = [
  ...new Set(
    readdirSync(path.join(root, 'tests/e2e'))
      .filter((name) => name.endsWith('.e2e.ts'))
      .flatMap((name) => [...readFileSync(path.join(root, 'tests/e2e', name), 'utf8').matchAll(/docsPicture\(\s*page\s*,\s*'([a-z0-9-]+)'/g)].map((match) => match[1]!)),
  ),
].sort();
const docs = ['README.md', ...markdownFiles('docs')].map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');

describe(`the guide's pictures (${IMAGES})`, () => {
  it('are the ones the browser scenarios take', () => {
    expect(taken.length).toBeGreaterThan(10);
    expect(committed).toEqual(taken);
  });

  it('are each shown on a page of the documentation', () => {
    const unused = committed.filter((name) => !new RegExp(`images/${name}\\.(png|jpe?g)\\)`).test(docs));
    expect(unused).toEqual([]);
  });
});
