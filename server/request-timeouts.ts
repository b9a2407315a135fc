/**
 * How long a client may take to send its request (a client that stopped mid-body used to hold a
 * connection for minutes). Node's server bounds the headers and the whole request; this module adds
 * the rule Node cannot express per request:
 * - a body other than an upload must have arrived `bodyMs` after the headers (30 s);
 * - an upload (multipart) may take as long as it needs while bytes keep coming, and is cut after
 *   `uploadStallMs` without any (30 s), so a slow connection still sends 50 MB but a stalled one
 *   lets go; Node's `requestMs` stays as the outer bound of any request.
 * A request cut off gets 408 `requestTimeout` when no answer has started, and its connection is closed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface RequestTimeouts {
  /** Headers must have arrived this long after the connection or the previous request. */
  headersMs: number;
  /** A body other than an upload must have arrived this long after the headers. */
  bodyMs: number;
  /** An upload is cut after this long without a byte. */
  uploadStallMs: number;
  /** Outer bound of any request, uploads included (Node's requestTimeout). */
  requestMs: number;
  /** An idle kept-alive connection is closed after this long. */
  keepAliveMs: number;
  /** How often Node checks the headers and request bounds (Node's default is 30 s). */
  checkIntervalMs: number;
}

export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 20_000,
  bodyMs: 30_000,
  uploadStallMs: 30_000,
  requestMs: 15 * 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 5_000,
};

/** Fastify's construction options that carry Node's part of the bounds. */
export function serverTimeoutOptions(timeouts: RequestTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // No socket-idle timeout: a slow handler (an extractor test) is not the client's fault.
    connectionTimeout: 0,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}

const TIMEOUT_BODY = JSON.stringify({ message: 'The request did not arrive in time', code: 'requestTimeout' });

function cutOff(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  if (!reply.raw.headersSent && !reply.raw.writableEnded) {
    reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'content-length': Buffer.byteLength(TIMEOUT_BODY) });
    reply.raw.end(TIMEOUT_BODY);
  }
  // The rest of the body will not come: let go of the connection once the answer is written.
  setTimeout(() => socket.destroy(), 50).unref();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function installRequestTimeouts(app: FastifyInstance, timeouts: RequestTimeouts): void {
  // A callback hook, like the other per-request hooks (security.ts, audit.ts): no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(request)) return done();
    const socket = raw.socket;
    const upload = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    let seen = socket.bytesRead;
    let timer: NodeJS.Timeout;
    const check = () => {
      if (raw.complete || socket.destroyed) return;
      // Reading bytes counts for uploads only; Node counts them, our stream stays untouched.
      if (upload && socket.bytesRead > seen) {
        seen = socket.bytesRead;
        timer = setTimeout(check, timeouts.uploadStallMs);
        return;
      }
      request.log.info({ upload, bytesRead: socket.bytesRead }, 'request body did not arrive in time');
      cutOff(request, reply);
    };
    timer = setTimeout(check, upload ? timeouts.uploadStallMs : timeouts.bodyMs);
    // Whichever comes first ends the watch and takes every listener away: a kept-alive connection
    // carries request after request, and a listener left on its socket would keep each request
    // (and its body) in memory until the connection closes.
    const stop = () => {
      clearTimeout(timer);
      raw.removeListener('end', stop);
      raw.removeListener('close', stop);
      socket.removeListener('close', stop);
      reply.raw.removeListener('finish', stop);
    };
    raw.once('end', stop);
    raw.once('close', stop);
    socket.once('close', stop);
    // Answered before the body was read (refused by its rights, its size…): nothing is waited for any more.
    reply.raw.once('finish', stop);
    done();
  });
}
