/**
 * Build of the console (Vite) and of its service worker (vite-plugin-pwa, injectManifest from sw/).
 * The web app manifest lives at the top level as manifest.webmanifest and is emitted as is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';

/**
 * Three kinds of test files. Those that replace a module, a global or the clock (vi.mock,
 * vi.stubGlobal, fake timers) get a process of their own ('isolated'). The component tests, in jsdom,
 * share a process's libraries and page, their own modules evaluated again for each file
 * ('components', src/test-fresh-page.ts). Every other file shares the modules it imports with the
 * files run before it in the same worker process ('shared').
 */
const REPLACES_MODULES_OR_GLOBALS = /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
const IN_JSDOM = /@vitest-environment jsdom/;
const TEST_FILE = /\.test\.tsx?$/;
const testFiles = ['src', 'server', 'sw', 'scripts'].flatMap((dir) =>
  readdirSync(fileURLToPath(new URL(`./${dir}`, import.meta.url)), { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file))
    .map((file) => ({ path: `${dir}/${file}`, text: readFileSync(fileURLToPath(new URL(`./${dir}/${file}`, import.meta.url)), 'utf8') })),
);
const isolatedTests = testFiles.filter(({ text }) => REPLACES_MODULES_OR_GLOBALS.test(text)).map(({ path }) => path);
const componentTests = testFiles.filter(({ text }) => IN_JSDOM.test(text) && !REPLACES_MODULES_OR_GLOBALS.test(text)).map(({ path }) => path);
const ALL_TESTS = ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'];

const manifestPath = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));

/** Serves manifest.webmanifest in dev and emits it unchanged into the build. */
function webManifest(): Plugin {
  return {
    name: 'postroom-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(manifestPath));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(manifestPath) });
    },
  };
}

/**
 * The files viewer's OCR (src/ocr/browser-ocr.ts) loads tesseract.js's worker, its WebAssembly cores
 * and the French and English data from /ocr/ on the console's own origin, never from a CDN: served
 * from node_modules in dev, copied into the build.
 */
function ocrAssets(): Plugin {
  const resolve = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));
  const files: Record<string, string> = {
    'ocr/worker.min.js': resolve('tesseract.js/dist/worker.min.js'),
    'ocr/lang/fra.traineddata.gz': resolve('@tesseract.js-data/fra/4.0.0_best_int/fra.traineddata.gz'),
    'ocr/lang/eng.traineddata.gz': resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'),
  };
  for (const core of ['tesseract-core-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js', 'tesseract-core-relaxedsimd-lstm.wasm.js']) {
    files[`ocr/core/${core}`] = resolve(`tesseract.js-core/${core}`);
  }
  return {
    name: 'postroom-ocr-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files[(req.url ?? '').split('?')[0]!.replace(/^\//, '')];
        if (!file) return next();
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
    },
  };
}

/**
 * React Router 7 declares only its development build in its package exports (remix-run/react-router
 * issue 14102), so a production bundle shipped its dev warnings and checks (~30 KB before gzip on
 * every page). The build takes the production files it also publishes; dev and tests keep the
 * warnings.
 */
function reactRouterProduction(): Plugin {
  const production = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
  return {
    name: 'postroom-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

/**
 * A route's lazy import preloads the chunks it needs, one `<link rel="modulepreload">` appended per
 * chunk, a fetch started on the main thread (0.2–0.7 ms each; each route loads from a task of its own,
 * `inOwnTask` in src/app/route-page.tsx). The chunks the entry and the app's start (src/app/start-app.tsx) import are
 * loaded before any route is, so their links only cost: they are left out of every preload list.
 */
function preloadsBeyondStart() {
  const loadedAtStart = new Set<string>();
  const plugin: Plugin = {
    name: 'postroom-preloads-beyond-start',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (loadedAtStart.has(fileName) || chunk?.type !== 'chunk') return;
          loadedAtStart.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && (chunk.isEntry || chunk.facadeModuleId?.endsWith('/src/app/start-app.tsx'))) visit(chunk.fileName);
        }
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[]) => deps.filter((dep) => !loadedAtStart.has(dep));
  return { plugin, resolveDependencies };
}
const preloads = preloadsBeyondStart();

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // rtf-stream-parser (RTF bodies of .msg files, in the parse worker) extends Node's stream.Transform.
      stream: 'stream-browserify',
    },
  },
  worker: { format: 'es' },
  plugins: [
    react(),
    reactRouterProduction(),
    preloads.plugin,
    webManifest(),
    ocrAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,woff2,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // The OCR engine (~10 MB) is fetched from the console when a user first asks for OCR, not
        // precached for everyone.
        globIgnores: ['ocr/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
  },
  preview: { host: '127.0.0.1' },
  test: {
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // Server test files start their databases from snapshots made once per run.
    globalSetup: ['server/test-support/pglite-snapshot-dir.ts', 'server/test-support/thread-bundles.ts'],
    // A hang guard, not a speed target (tests/time-budgets.json is where time is watched): a first
    // analysis that takes 3 s on an idle machine has taken over 20 s on a 2-core one also running the
    // browser scenarios and the PostgreSQL pass.
    testTimeout: 60_000,
    // Each server test file starts an in-memory PGlite and migrates it in beforeAll: seconds on an idle
    // machine, more on a busy 2-core one. A timeout there says nothing about the product.
    hookTimeout: 60000,
    pool: 'forks',
    // vitest's default is one file at a time on 2 cores (cores − 1); most of a server file's time is
    // spent waiting (polls, worker threads, local servers), so two files share 2 cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['./scripts/slowest-files-reporter.mjs', { suite: 'unit' }]],
    projects: [
      {
        extends: true,
        // Re-evaluating fastify, drizzle, the contract and the engines for each file cost more than
        // most files' tests: these files share their modules within a worker process, so each pays
        // for its own tests only. They keep no state in modules they share (a server test builds its
        // server and database in beforeAll and closes them in afterAll).
        test: { name: 'shared', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...isolatedTests, ...componentTests], isolate: false },
      },
      {
        extends: true,
        // The component tests share React, the console's modules and one jsdom per worker process in
        // the same way: testing-library unmounts each test's tree, and each test renders with a query
        // client and a store of its own.
        test: { name: 'components', include: componentTests, environment: 'jsdom', isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: isolatedTests } },
    ],
  },
});
