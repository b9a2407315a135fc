/**
 * The worker threads of the server and the parse CLI: each one's boot file and the TypeScript entry
 * its boot loads (worker-entry.mjs). The pools start their threads from these boot files; the unit
 * stage's global setup and bench:threads prepare these entries' bundles. Plain JavaScript importing
 * nothing, so a module bundled into a thread may import it without bringing esbuild along.
 */
export const THREADS = {
  parse: { boot: new URL('./node-worker-boot.mjs', import.meta.url), entry: new URL('./node-worker.ts', import.meta.url) },
  module: { boot: new URL('../../server/module-workers/module-thread-boot.mjs', import.meta.url), entry: new URL('../../server/module-workers/module-thread.ts', import.meta.url) },
  OCR: { boot: new URL('../../server/ocr/ocr-thread-boot.mjs', import.meta.url), entry: new URL('../../server/ocr/ocr-thread.ts', import.meta.url) },
  database: { boot: new URL('../../server/db/pglite-thread-boot.mjs', import.meta.url), entry: new URL('../../server/db/pglite-thread-worker.ts', import.meta.url) },
};
