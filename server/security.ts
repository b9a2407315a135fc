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
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export function installSecurityHeaders(app: FastifyInstance, apiOrigin: string | undefined): void {
  void app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(apiOrigin) },
    // The console opens attachments in new tabs and talks to OAuth providers; keep window links.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}
