/**
 * Response headers of every answer (helmet): the API's JSON answers get a short set that allows
 * nothing (apiSecurityHeaders); everything else, the console, gets a strict Content-Security-Policy:
 * - scripts only from our own origin: no inline script, no `unsafe-eval` (`wasm-unsafe-eval` lets
 *   pdf.js run its WebAssembly image decoders, which is not JavaScript eval);
 * - `connect-src` our origin plus the configured API origin;
 * - frames: the mail viewer renders sanitised mail in a sandboxed `srcdoc` iframe (about:) and may
 *   show attachments from blob: URLs; nothing else is framed, and nobody may frame us;
 * - images: ours, data: and blob: (inline cid: parts), and remote ones only because a user may press
 *   "Load remote content" on a message; the viewer blocks them until then;
 * - styles: inline styles are needed by mail HTML inside the srcdoc iframe, which inherits this policy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function contentSecurityPolicy(apiOrigin: string | undefined): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(apiOrigin === undefined ? [] : [apiOrigin])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'about:', 'blob:'],
    'child-src': ["'self'", 'about:', 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
  };
}

/** Runs helmet once against a recorder and keeps the headers it sets. */
function headersFrom(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The headers of the console's answers (its HTML, scripts, styles), computed once. They depend on
 * nothing in the request (no CSP nonces), and @fastify/helmet rebuilt them, parsing every CSP
 * directive, on each call (a measurable share of a small API call, bench/api).
 */
export function securityHeaders(apiOrigin: string | undefined): Record<string, string> {
  return headersFrom({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(apiOrigin) },
    // The console opens attachments in new tabs and talks to OAuth providers; keep window links.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The headers of the API's JSON answers (OWASP REST Security Cheat Sheet): nothing in them is a
 * page, so the policy allows nothing at all and no one may frame them; sniffing is off, HTTPS is
 * kept, no referrer leaks. The console's page policies (scripts, workers, frames, DNS prefetch,
 * window opener) would only add a kilobyte to every call.
 */
export function apiSecurityHeaders(): Record<string, string> {
  return headersFrom({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

export function installSecurityHeaders(app: FastifyInstance, apiOrigin: string | undefined): void {
  const consoleHeaders = securityHeaders(apiOrigin);
  const apiHeaders = apiSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    reply.headers(config.endpoint !== undefined || config.publicRoute === true ? apiHeaders : consoleHeaders);
    done();
  });
}
