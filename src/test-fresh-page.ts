/**
 * The component tests share their worker processes (vite.config.ts, project 'components'): React,
 * testing-library, i18next and the jsdom page are loaded once per process rather than once per file,
 * which was two thirds of their cost. What one file may leave behind is put back before the next one
 * starts, so each starts as it would in a process of its own:
 * - the console's own modules are evaluated again (their module-level state: stores, listeners,
 *   caches, configured request layers); libraries from node_modules are kept;
 * - the trees a file rendered are unmounted when it ends, and the page is emptied;
 * - storage is new: localStorage, sessionStorage and IndexedDB (Dexie's included).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll } from 'vitest';

interface EvaluatedModule {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}

/** vitest's worker state (`__vitest_worker__`): what `vi.resetModules` resets, for our files only. */
interface WorkerState {
  config: { isolate: boolean; root: string };
  evaluatedModules: { idToModuleMap: Map<string, EvaluatedModule> };
}

const SETUP_FILES = /\/src\/test-(setup|fresh-page)\.ts$/;

function evaluateOwnModulesAgain(state: WorkerState): void {
  const own = new RegExp(`^${state.config.root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(src|server|sw)/`);
  for (const [path, module] of state.evaluatedModules.idToModuleMap) {
    if (!own.test(path) || path.includes('/node_modules/') || SETUP_FILES.test(path)) continue;
    module.promise = undefined;
    module.exports = undefined;
    module.evaluated = false;
    module.importers.clear();
  }
}

export async function startWithFreshPage(): Promise<void> {
  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  if (state === undefined || state.config.isolate || typeof document === 'undefined') return;
  // vitest's own state, not its API (vitest 4.1): a new vitest that moved it fails here, not quietly.
  if (!(state.evaluatedModules?.idToModuleMap instanceof Map)) {
    throw new Error('src/test-fresh-page.ts: vitest no longer keeps its evaluated modules where this file looks; update it.');
  }
  evaluateOwnModulesAgain(state);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  localStorage.clear();
  sessionStorage.clear();
  const indexedDB = new IDBFactory();
  Object.assign(globalThis, { indexedDB, IDBKeyRange });
  const { default: Dexie } = await import('dexie');
  Object.assign(Dexie.dependencies, { indexedDB, IDBKeyRange });
  const { cleanup } = await import('@testing-library/react');
  afterAll(() => cleanup());
}
