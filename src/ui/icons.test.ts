/** Every icon named in the console's source is in the curated list, so none pulls the 100 KB chunk. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const srcDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('icons', () => {
  it('lists every icon the source uses', async () => {
    const listFile = readFileSync(path.join(srcDir, 'ui/icons.ts'), 'utf8');
    const curated = new Set(/paths\/\{([^}]+)\}\.js/.exec(listFile)![1]!.split(','));
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bicon(?:=\{?|: )['"]([a-z0-9-]+)['"]/g)) used.add(match[1]!);
      for (const match of text.matchAll(/<Icon icon=['"]([a-z0-9-]+)['"]/g)) used.add(match[1]!);
      // A name chosen in the expression (`icon={open ? 'cross' : 'menu'}`): every quoted name in it.
      for (const match of text.matchAll(/\bicon=\{([^{}\n]*)\}/g)) for (const name of match[1]!.matchAll(/['"]([a-z0-9-]+)['"]/g)) used.add(name[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((name) => !curated.has(name));
    expect(missing, `add to src/ui/icons.ts: ${missing.join(', ')}`).toEqual([]);
    for (const name of curated) {
      expect(statSync(path.resolve(srcDir, `../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/${name}.js`)).isFile()).toBe(true);
    }
  });
});
