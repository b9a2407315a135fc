/**
 * Serves the built console (dist/) beside the API, and answers what no route matched:
 * - hashed build output (assets/) is immutable, cached for a year;
 * - everything else, above all index.html, sw.js and manifest.webmanifest, is `no-cache` so a new
 *   deployment is picked up at once (the service worker then decides what runs offline);
 * - any other GET outside the API gets index.html (single-page app: /orga/1/settings is a page),
 *   except a missing file under /assets/: a stale page asking for an old hashed script must get a
 *   404, not HTML it would try to run as JavaScript;
 * - anything else, including every unknown API path, is a JSON 404.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../src/contract/server-paths';
import { localizedErrorBody, requestLanguage } from './i18n/error-messages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Vite writes content-hashed files there (build.assetsDir). */
const HASHED_DIR = /^assets[\\/]/;
const HASHED_URL = /^\/assets\//;

export function registerConsole(app: FastifyInstance, staticDir: string | undefined): void {
  const root = consoleRoot(staticDir);
  if (staticDir !== undefined && root === undefined) {
    app.log.warn({ staticDir }, 'no built console (index.html missing): serving the API only');
  }

  if (root !== undefined) {
    void app.register(fastifyStatic, {
      root,
      // One route per file of the build, listed once at start (a deployment's build does not change
      // under a running server): the catch-all route would list the folder (500-odd names) again for
      // every request to check the path's spelling, a third of a static answer's CPU.
      wildcard: false,
      cacheControl: false,
      // Our own headers: the plugin's maxAge would apply one policy to every file.
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', HASHED_DIR.test(relative(root, path)) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (root !== undefined && isPage && !isApiPath(request.url) && !HASHED_URL.test(request.url)) {
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    }
    return reply.code(404).send(localizedErrorBody({ message: 'Not found', code: 'notFound' }, requestLanguage(request)));
  });
}

/** The absolute folder of the built console, or undefined when there is none to serve. */
function consoleRoot(staticDir: string | undefined): string | undefined {
  if (staticDir === undefined) return undefined;
  const root = resolve(staticDir);
  return existsSync(join(root, 'index.html')) ? root : undefined;
}
