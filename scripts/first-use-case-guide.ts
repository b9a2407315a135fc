/**
 * docs/guide/first-use-case.md is followed step by step by tests/e2e/guide-walk.e2e.ts. Both read the
 * page through these functions: its numbered step headings (which the browser test's steps must be,
 * in order) and the mail it asks the reader to save (which the test imports), so what a newcomer reads
 * is what the test does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const GUIDE_FILE = 'docs/guide/first-use-case.md';
export const GUIDE_WALK_FILE = 'tests/e2e/guide-walk.e2e.ts';

const root = path.resolve(import.meta.dirname, '..');

export function readRepoFile(repoPath: string): string {
  return readFileSync(path.join(root, repoPath), 'utf8');
}

/** The titles of the page's `### N. Title` headings, checked to be numbered 1, 2, 3… in order. */
export function guideSteps(markdown: string): string[] {
  const steps: string[] = [];
  for (const match of markdown.matchAll(/^### (\d+)\. (.+?)\s*$/gm)) {
    const number = Number(match[1]);
    if (number !== steps.length + 1) throw new Error(`Step "${match[2]}" is numbered ${number}, expected ${steps.length + 1}`);
    steps.push(match[2]!);
  }
  return steps;
}

/** The text of the page's first fenced block of this language (```eml), lines joined with CRLF as a mail's are. */
export function fencedBlock(markdown: string, language: string, lineEnd = '\n'): string {
  const match = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'm').exec(markdown);
  if (match === null) throw new Error(`No \`\`\`${language} block in the page`);
  return match[1]!.replace(/\n$/, '').split('\n').join(lineEnd) + lineEnd;
}

/** The step titles a scenario's `step('…', …)` calls name, in the order they are written. */
export function scenarioSteps(source: string): string[] {
  return [...source.matchAll(/^\s*step\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/gm)].map((match) => (match[1] ?? match[2]!).replace(/\\(['"])/g, '$1'));
}
