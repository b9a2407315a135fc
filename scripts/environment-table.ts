/**
 * The operator's table of environment variables (docs/operations/environment.md) is only useful while
 * it is complete and true: these helpers find the variables a source file reads and the variables the
 * table names, so a test can compare them both ways.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Names Vite defines itself on import.meta.env: not settings anybody sets.
const VITE_BUILT_INS = new Set(['DEV', 'PROD', 'MODE', 'BASE_URL', 'SSR']);

const READS = [
  // process.env.name, process.env?.name, process.env['name'], and an `env` handed process.env (env.name)
  /\b(?:process\.env|[A-Za-z_$]*[eE]nv)\??\.([A-Z][A-Z0-9_]*)\b/g,
  /\b(?:process\.env|[A-Za-z_$]*[eE]nv)\??\.?\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
  // A zod schema of the environment, one key per variable (server/config.ts): `  port: z.coerce…` with the name in capitals
  /^\s*([A-Z][A-Z0-9_]*)\s*:\s*z\./gm,
];

/** Every environment variable a source text reads, sorted. */
export function variablesRead(text: string): string[] {
  const names = new Set<string>();
  for (const pattern of READS) {
    for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  // const { name, other: alias } = process.env
  for (const match of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.split(':')[0]!.trim();
      if (/^[A-Z][A-Z0-9_]*$/.test(name)) names.add(name);
    }
  }
  for (const builtIn of VITE_BUILT_INS) {
    if (!new RegExp(`process\\.env\\??\\.${builtIn}\\b`).test(text)) names.delete(builtIn);
  }
  return [...names].sort();
}

/** The variables of the markdown table, in its order: the first cell of each row, one name in backticks. */
export function tableVariables(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const TEST = /\.test\.tsx?$/;

/** Source files under `dirs` (repository paths), tests included or not. */
export function sourceFiles(root: string, dirs: string[], { tests }: { tests: boolean }): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
      .filter((file) => SOURCE.test(file) && !file.split('/').includes('node_modules') && (tests || !TEST.test(file))),
  );
}

/** Variable → the files that read it. */
export function readers(root: string, files: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    for (const name of variablesRead(readFileSync(path.join(root, file), 'utf8'))) {
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}
