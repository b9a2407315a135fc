/**
 * Where links mailed by the server (password reset, invitations) may point: only at origins the
 * operator configured, never at one taken from the request. `Host`, `Origin` and `X-Forwarded-Host`
 * are written by whoever sends the request, so a link built from them can be made to point at an
 * attacker's site and carry a working token there.
 *
 * - The public URL (`POSTROOM_PUBLIC_URL`) is where this server's console is reached. Unset, it is the
 *   address the server listens on (http://127.0.0.1:8080 by default; http://localhost:<port> when it
 *   listens on every interface). localhost, 127.0.0.1 and [::1] on that port are accepted too as
 *   recovery_url origins: a loopback address always names the reader's own machine.
 * - `POSTROOM_CONSOLE_ORIGINS` lists consoles served elsewhere (a dev server, another host).
 */
import type { FastifyInstance } from 'fastify';

export interface PublicLinks {
  /** The console's base URL for links (no trailing slash). */
  base(): string;
  /** Every origin a mailed link may point at. */
  origins(): readonly string[];
  /**
   * The base for a link made in answer to this request: the console the request came from when it is
   * one of the configured ones (a console served elsewhere), the public URL otherwise.
   */
  baseFor(requestOrigin: string | undefined): string;
}

function loopbackOrigins(port: number | string): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`].map((url) => new URL(url).origin);
}

export function createPublicLinks(
  app: FastifyInstance,
  options: { publicUrl?: string; consoleOrigins?: readonly string[] },
): PublicLinks {
  // Compared with parsed origins: a listed `https://dev.example:5173/` names the same console.
  const consoleOrigins = (options.consoleOrigins ?? []).flatMap((origin) => (URL.canParse(origin) ? [new URL(origin).origin] : []));
  // Before listen() (tests that only inject) the default is http://localhost, port 80.
  let base = (options.publicUrl ?? 'http://localhost').replace(/\/+$/, '');
  let own = options.publicUrl === undefined ? loopbackOrigins(80) : [new URL(base).origin];
  if (options.publicUrl === undefined) {
    app.addHook('onListen', (done) => {
      const address = app.server.address();
      if (address !== null && typeof address === 'object') {
        const wildcard = address.address === '0.0.0.0' || address.address === '::';
        const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
        base = `http://${host}:${address.port}`;
        own = [...new Set([new URL(base).origin, ...loopbackOrigins(address.port)])];
      }
      done();
    });
  }
  return {
    base: () => base,
    origins: () => [...own, ...consoleOrigins],
    baseFor(requestOrigin) {
      if (requestOrigin === undefined) return base;
      let origin: string;
      try {
        origin = new URL(requestOrigin).origin;
      } catch {
        return base;
      }
      return consoleOrigins.includes(origin) ? origin : base;
    },
  };
}
