/**
 * The server's one HTTP client for requests whose target a user chose (webhooks now; connectors and
 * the LLM adapter later). Unless the operator allows private targets, it refuses to connect to any
 * address that is not global unicast (outbound/address-policy.ts), and it checks the address it is
 * actually about to connect to, after DNS resolution, so a name that resolved to a public address
 * when a webhook was saved and to 127.0.0.1 now (DNS rebinding) is refused too. Every request has a
 * connect timeout, a total timeout and a response size cap; redirects are never followed (a 3xx is
 * an answer like any other), so a public URL cannot bounce the request to a local one.
 *
 * Built on node:http(s) rather than fetch: its `lookup` option is the hook between resolution and
 * connection, and each request gets its own connection (no pooled socket checked long ago).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { isRefusedAddress } from './address-policy';
import { systemResolver, type Resolver } from './resolver';
import { bareHost, checkTarget, isLocalName, type TargetVerdict } from './target-check';

export type OutboundFailure = 'badUrl' | 'refusedTarget' | 'dns' | 'connect' | 'timeout' | 'tooLarge' | 'network';

/** Why nothing usable came back. `reason` is for logs: users read one generic message (no port scanning). */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string = reason,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /** POSTROOM_WEBHOOK_ALLOW_PRIVATE: connect to loopback and private networks too (tests, local demos). */
  allowPrivate: boolean;
  /** Name resolution; the system's by default (tests inject their own). */
  resolve?: Resolver;
  connectTimeoutMs?: number;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

export interface OutboundRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  connectTimeoutMs?: number;
  /** From the start of the request to the end of the answer's body. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Resolve as soon as the status line and headers arrive and close the connection (webhooks). */
  discardBody?: boolean;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface OutboundClient {
  readonly allowPrivate: boolean;
  fetch(url: string, init?: OutboundRequestInit): Promise<OutboundResponse>;
  /** The same policy, judged before saving a target (resolving its name now). */
  checkTarget(url: string): Promise<TargetVerdict>;
}

export const OUTBOUND_DEFAULTS = { connectTimeoutMs: 5000, timeoutMs: 10_000, maxResponseBytes: 1024 * 1024 } as const;

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const CONNECT_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EADDRNOTAVAIL']);

function asOutboundError(error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  // The code, not the message: messages carry addresses and names, and this ends up in logs.
  const message = code === '' ? 'unknown error' : code;
  if (DNS_CODES.has(code)) return new OutboundError('dns', message);
  if (CONNECT_CODES.has(code)) return new OutboundError('connect', message);
  return new OutboundError('network', message);
}

export function createOutboundClient(options: OutboundOptions): OutboundClient {
  const resolve = options.resolve ?? systemResolver;
  const allowPrivate = options.allowPrivate;
  const refused = (address: string | undefined) => !allowPrivate && (address === undefined || isRefusedAddress(address));

  // Called by net.connect between resolution and connection: every address of the name is checked,
  // and only checked addresses are handed on. Node calls it with `all` when it races IPv4 and IPv6.
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const done = callback as (error: Error | null, address?: unknown, family?: number) => void;
    resolve(hostname).then(
      (found) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = found.filter((address) => family === 0 || isIP(address) === family);
        if (addresses.length === 0) return done(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }));
        if (addresses.some((address) => refused(address))) return done(new OutboundError('refusedTarget', 'refused address'));
        if (lookupOptions.all) return done(null, addresses.map((address) => ({ address, family: isIP(address) })));
        return done(null, addresses[0], isIP(addresses[0]!));
      },
      () => done(Object.assign(new Error('not resolved'), { code: 'ENOTFOUND' })),
    );
  };

  async function fetchOutbound(target: string, init: OutboundRequestInit = {}): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundError('badUrl');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('badUrl');
    const host = bareHost(url);
    // An address literal is never looked up, so it is judged here, before any packet is sent.
    if (!allowPrivate && ((isIP(host) !== 0 && isRefusedAddress(host)) || isLocalName(host))) {
      throw new OutboundError('refusedTarget', 'refused address');
    }
    const connectTimeoutMs = init.connectTimeoutMs ?? options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs;
    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
    const maxBytes = init.maxResponseBytes ?? options.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes;

    return new Promise<OutboundResponse>((resolvePromise, rejectPromise) => {
      const timers: NodeJS.Timeout[] = [];
      let settled = false;
      const finish = (outcome: { response: OutboundResponse } | { error: unknown }) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        init.signal?.removeEventListener('abort', onAbort);
        if ('response' in outcome) resolvePromise(outcome.response);
        else rejectPromise(asOutboundError(outcome.error));
      };
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: false,
        lookup: guardedLookup,
      });
      const fail = (error: OutboundError) => {
        finish({ error });
        request.destroy(error);
      };
      const onAbort = () => fail(new OutboundError('network', 'aborted'));
      if (init.signal?.aborted) onAbort();
      init.signal?.addEventListener('abort', onAbort, { once: true });
      timers.push(setTimeout(() => fail(new OutboundError('timeout', `no answer within ${timeoutMs} ms`)), timeoutMs));
      const connectTimer = setTimeout(() => fail(new OutboundError('timeout', `no connection within ${connectTimeoutMs} ms`)), connectTimeoutMs);
      timers.push(connectTimer);

      request.on('socket', (socket: Socket) => {
        // The last word: the address the socket really connected to, whatever resolved it.
        socket.once('connect', () => {
          clearTimeout(connectTimer);
          if (refused(socket.remoteAddress)) fail(new OutboundError('refusedTarget', 'refused address'));
        });
      });
      request.on('error', (error) => finish({ error }));
      request.on('response', (response) => {
        const answer = { status: response.statusCode ?? 0, headers: response.headers };
        if (init.discardBody) {
          finish({ response: { ...answer, body: Buffer.alloc(0) } });
          response.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(new OutboundError('tooLarge', `answer over ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => finish({ response: { ...answer, body: Buffer.concat(chunks) } }));
        response.on('error', (error) => finish({ error }));
      });
      request.end(init.body);
    });
  }

  return {
    allowPrivate,
    fetch: fetchOutbound,
    checkTarget: (url) => checkTarget(url, { allowPrivate, resolve }),
  };
}
