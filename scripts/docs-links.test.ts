/**
 * The README and docs/ name only files, headings and repository paths that exist; the checker itself
 * is tried on a small bad input, so a checker that finds nothing would fail here too.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMarkdown, documentationFiles, repositoryFiles, slugsOf, type Files } from './docs-links';

const root = path.resolve(import.meta.dirname, '..');

function memoryFiles(files: Record<string, string>): Files {
  return {
    exists: (repoPath) => repoPath in files || Object.keys(files).some((file) => file.startsWith(`${repoPath}/`)),
    read: (repoPath) => files[repoPath] ?? '',
  };
}

describe('the documentation checker', () => {
  const files = memoryFiles({
    'docs/guide/a.md': '# A page\n\n## Sign in, then go — home\n\n## Repeat\n\n## Repeat\n',
    'server/main.ts': '',
  });

  it('slugs headings as GitHub does', () => {
    expect([...slugsOf('# A page\n## Sign in, then go — home\n## Repeat\n## Repeat\n```\n# not a heading\n```\n')]).toEqual(
      ['a-page', 'sign-in-then-go--home', 'repeat', 'repeat-1'],
    );
  });

  it('accepts links, anchors and paths that exist', () => {
    const text = [
      'See [a](guide/a.md), [its part](guide/a.md#sign-in-then-go--home), [again](guide/a.md#repeat-1),',
      '[the web](https://example.com), [the folder](guide/) and `server/main.ts:12`, `npm test`.',
      '```',
      '[inside a fence](missing.md) `server/gone.ts`',
      '```',
    ].join('\n');
    expect(checkMarkdown('docs/index.md', text, files)).toEqual([]);
  });

  it('reports a missing file, a missing heading and a missing repository path', () => {
    const text = 'A [broken](guide/missing.md) link,\n[a lost anchor](guide/a.md#nowhere) and `server/gone.ts`.';
    expect(checkMarkdown('docs/index.md', text, files)).toEqual([
      'docs/index.md:1: link guide/missing.md names no file (docs/guide/missing.md)',
      'docs/index.md:2: `server/gone.ts` is not a file or folder of the repository',
      'docs/index.md:2: link guide/a.md#nowhere: docs/guide/a.md has no heading #nowhere',
    ]);
  });
});

describe('README.md and docs/', () => {
  const docs = documentationFiles(root);
  const repo = repositoryFiles(root);

  it('are read', () => {
    expect(docs).toContain('README.md');
    expect(docs.length).toBeGreaterThan(20);
  });

  it('link only to files, headings and repository paths that exist', () => {
    const problems = docs.flatMap((file) => checkMarkdown(file, repo.read(file), repo));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
