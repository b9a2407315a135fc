/**
 * Response headers of every answer (helmet) with a strict Content-Security-Policy for the console:
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

/**
 * The headers helmet sets with our options, computed once. They depend on nothing in the request
 * (no CSP nonces), and @fastify/helmet rebuilt them, parsing every CSP directive, on each call
 * (a measurable share of a small API call, bench/api).
 */
export function securityHeaders(apiOrigin: string | undefined): Record<string, string> {
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
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(apiOrigin) },
    // The console opens attachments in new tabs and talks to OAuth providers; keep window links.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, apiOrigin: string | undefined): void {
  const headers = securityHeaders(apiOrigin);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
