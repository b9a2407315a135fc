/** Reads the shared public fixtures (../shared/fixtures, read-only) for parser tests and benches. */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../../../shared/fixtures/', import.meta.url));

export function fixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(FIXTURES + path));
}

export function fixtureNames(folder: 'eml' | 'msg' | 'pdf'): string[] {
  return readdirSync(FIXTURES + folder).filter((name) => name !== 'LICENSE');
}

/** The repository's own fixtures (test-fixtures/, made with LibreOffice: see its README). */
export const REPO_FIXTURES = fileURLToPath(new URL('../../../test-fixtures/', import.meta.url));

export function repoFixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(REPO_FIXTURES + path));
}
