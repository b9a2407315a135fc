/**
 * The documentation's links and paths must stay true as the code moves: every relative link of
 * README.md and docs/**\/*.md names a file or folder that exists (and, for `#anchor`, a heading of
 * that markdown file, slugged as GitHub does), and every repository path written in backticks
 * (`server/…`, `src/…`) exists. A doc that names a moved file misleads more than one that names none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A problem found, as `file:line: what`. */
export type Problem = string;

/** Top-level folders whose paths written in backticks are checked. */
const REPO_DIRS = ['server', 'src', 'scripts', 'sw', 'tests', 'bench', 'docs', 'public', 'test-fixtures', '.ci', 'eslint'];
const REPO_PATH = new RegExp(`^(?:${REPO_DIRS.map((dir) => dir.replace('.', '\\.')).join('|')})/[\\w./@-]*$`);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function slugsOf(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** The lines of a markdown text, with fenced code blocks blanked (they hold no links or headings). */
function withoutFences(markdown: string): string[] {
  let inFence = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return '';
    }
    return inFence ? '' : line;
  });
}

export interface Files {
  exists(repoPath: string): boolean;
  read(repoPath: string): string;
}

/** The problems of one markdown file at `file` (a repository path), its text given. */
export function checkMarkdown(file: string, text: string, files: Files): Problem[] {
  const problems: Problem[] = [];
  const lines = withoutFences(text);
  lines.forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    // Inline code first, so a link written inside backticks is not taken for a link.
    const code = [...line.matchAll(/(`+)([^`]+?)\1/g)].map((match) => match[2]!.trim());
    for (const span of code) {
      const candidate = span.replace(/:\d+(-\d+)?$/, '');
      if (REPO_PATH.test(candidate) && !files.exists(candidate.replace(/\/$/, ''))) {
        problems.push(`${at}: \`${span}\` is not a file or folder of the repository`);
      }
    }
    const prose = line.replace(/(`+)[^`]+?\1/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto:…: not a file here
      const [rawPath, anchor] = splitAnchor(target);
      const targetFile = rawPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)));
      if (targetFile.startsWith('..')) {
        problems.push(`${at}: link ${target} leaves the repository`);
        continue;
      }
      if (!files.exists(targetFile.replace(/\/$/, ''))) {
        problems.push(`${at}: link ${target} names no file (${targetFile})`);
        continue;
      }
      if (anchor !== undefined && targetFile.endsWith('.md') && !slugsOf(files.read(targetFile)).has(anchor)) {
        problems.push(`${at}: link ${target}: ${targetFile} has no heading #${anchor}`);
      }
    }
  });
  return problems;
}

function splitAnchor(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  return hash === -1 ? [target, undefined] : [target.slice(0, hash), decodeURIComponent(target.slice(hash + 1))];
}

/** The repository's files, read from `root`. */
export function repositoryFiles(root: string): Files {
  return {
    exists: (repoPath) => repoPath === '' || existsSync(path.join(root, repoPath)),
    read: (repoPath) => readFileSync(path.join(root, repoPath), 'utf8'),
  };
}

/** README.md and every markdown file under docs/, as repository paths. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && statSync(path.join(root, 'docs', file)).isFile())
    .map((file) => `docs/${file.split(path.sep).join('/')}`);
  return ['README.md', ...docs.sort()];
}
