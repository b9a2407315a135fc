/**
 * Build of the console (Vite) and of its service worker (vite-plugin-pwa, injectManifest from sw/).
 * The web app manifest lives at the top level as manifest.webmanifest and is emitted as is.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
    webManifest(),
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
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20000,
    // Each server test file starts an in-memory PGlite and migrates it in beforeAll: seconds on an idle
    // machine, more on a busy 2-core one. A timeout there says nothing about the product.
    hookTimeout: 60000,
    pool: 'forks',
  },
});
