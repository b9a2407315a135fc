/**
 * The developer's loop picks the tests nearest to a change: its own, or those of the nearest module
 * using it — not every test that reaches it through the server.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importersOf, importsOf, nearestTests, resolveImport } from './nearest-tests';

describe('nearest tests', () => {
  it('reads static, dynamic, side-effect and worker imports, and leaves packages out', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b/b.js';",
      "export { c } from './c';",
      "import './styles.css';",
      "const d = await import('./d');",
      "const worker = new Worker(new URL('./boot.mjs', import.meta.url));",
      "import React from 'react';",
      "import { readFile } from 'node:fs';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a', '../b/b.js', './c', './styles.css', './d', './boot.mjs']);
  });

  it('resolves a specifier as TypeScript does: no extension, .js for .ts, a folder index', () => {
    const files = new Set(['server/a.ts', 'server/b/b.ts', 'server/c/index.ts', 'server/boot.mjs', 'src/view.tsx']);
    expect(resolveImport('server/x.ts', './a', files)).toBe('server/a.ts');
    expect(resolveImport('server/x.ts', './b/b.js', files)).toBe('server/b/b.ts');
    expect(resolveImport('server/x.ts', './c', files)).toBe('server/c/index.ts');
    expect(resolveImport('server/x.ts', './boot.mjs', files)).toBe('server/boot.mjs');
    expect(resolveImport('server/x.ts', '../src/view', files)).toBe('src/view.tsx');
    expect(resolveImport('server/x.ts', './missing', files)).toBeNull();
  });

  it('stops at the first level of importers that holds tests', () => {
    // leaf ← engine ← (engine.test, route) ; route ← (route.test, app) ; app ← app.test
    const sources: Record<string, string> = {
      'server/leaf.ts': '',
      'server/engine.ts': "import { leaf } from './leaf';",
      'server/engine.test.ts': "import { engine } from './engine';",
      'server/route.ts': "import { engine } from './engine';",
      'server/route.test.ts': "import { route } from './route';",
      'server/app.ts': "import { route } from './route';",
      'server/app.test.ts': "import { app } from './app';",
      'server/lonely.ts': '',
    };
    const importers = importersOf(Object.keys(sources), (file) => sources[file]!);
    expect(nearestTests(['server/leaf.ts'], importers)).toEqual(['server/engine.test.ts']);
    expect(nearestTests(['server/route.ts'], importers)).toEqual(['server/route.test.ts']);
    expect(nearestTests(['server/app.test.ts', 'server/engine.ts'], importers)).toEqual(['server/app.test.ts', 'server/engine.test.ts']);
    expect(nearestTests(['server/lonely.ts'], importers)).toEqual([]);
  });

  it('on this repository, a change to how a mail is read runs the extractor tests, not every server test', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter((file) => /\.(ts|tsx|mjs)$/.test(file));
    const tests = nearestTests(['src/extractor/file-documents.ts'], importersOf(files, (file) => readFileSync(file, 'utf8')));
    expect(tests).toContain('src/extractor/extract-files.test.ts');
    expect(tests.length).toBeLessThan(10);
    // A module worker's task reaches the pool's tests through the worker's boot file.
    expect(nearestTests(['server/module-workers/json-body-task.ts'], importersOf(files, (file) => readFileSync(file, 'utf8')))).toContain('server/module-workers/module-pool.test.ts');
  });
});
