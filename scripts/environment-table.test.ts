/**
 * docs/operations/environment.md names every environment variable the server, the console's build and
 * the scripts read, and nothing they no longer read: an operator trusts that table over the code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readers, sourceFiles, tableVariables, variablesRead } from './environment-table';

const root = path.resolve(import.meta.dirname, '..');
const TABLE = 'docs/operations/environment.md';
// What the product and its scripts read must be documented…
const PRODUCT_DIRS = ['server', 'src', 'scripts'];
// …and a documented variable may be read anywhere, the tests and benchmarks included.
const EVERY_DIR = ['server', 'src', 'scripts', 'sw', 'tests', 'bench'];
const ROOT_FILES = ['vite.config.ts', 'vitest.e2e.config.ts', 'drizzle.config.ts'];

describe('finding the variables read', () => {
  it('reads process.env, an env handed process.env, import.meta.env, destructuring and an env schema', () => {
    const text = [
      "const port = process.env.PORT ?? process.env['HOST'];",
      'const key = env.POSTROOM_LLM_API_KEY ?? env?.POSTROOM_LLM_MODEL;',
      'const api = import.meta.env.VITE_API_BASE_URL; if (import.meta.env.DEV) {}',
      'const { LOG_LEVEL, SMTP_URL: smtp } = process.env;',
      'const envSchema = z.object({',
      "  DATABASE_URL: z.string().optional(),",
      '});',
      'const other = settings.NOT_AN_ENV;',
    ].join('\n');
    expect(variablesRead(text)).toEqual(['DATABASE_URL', 'HOST', 'LOG_LEVEL', 'PORT', 'POSTROOM_LLM_API_KEY', 'POSTROOM_LLM_MODEL', 'SMTP_URL', 'VITE_API_BASE_URL']);
  });

  it('reads the first cell of each table row', () => {
    expect(tableVariables('| name | default | effect |\n|---|---|---|\n| `PORT` | `8080` | port |\n| `HOST` | x | y |\n')).toEqual(['PORT', 'HOST']);
  });
});

describe(TABLE, () => {
  const table = tableVariables(readFileSync(path.join(root, TABLE), 'utf8'));
  const product = readers(root, [...sourceFiles(root, PRODUCT_DIRS, { tests: false }), ...ROOT_FILES]);
  const everywhere = readers(root, [...sourceFiles(root, EVERY_DIR, { tests: true }), ...ROOT_FILES]);

  it('finds the variables of the server', () => {
    expect(product.has('DATABASE_URL') && product.has('POSTROOM_LLM_BASE_URL') && product.has('VITE_API_BASE_URL')).toBe(true);
  });

  it('names every variable the server, the build and the scripts read', () => {
    const missing = [...product.keys()].filter((name) => !table.includes(name)).map((name) => `${name} (${product.get(name)!.join(', ')})`);
    expect(missing, `add a row to ${TABLE} for:\n${missing.join('\n')}`).toEqual([]);
  });

  it('names only variables that something reads, each once', () => {
    const unread = table.filter((name) => !everywhere.has(name));
    expect(unread, `nothing reads these any more; remove their rows from ${TABLE}`).toEqual([]);
    expect(table.filter((name, index) => table.indexOf(name) !== index)).toEqual([]);
  });
});
