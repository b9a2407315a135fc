/**
 * Whether a URL may be the target of an outbound request, judged from the URL alone and from what its
 * host name resolves to now. Used when a webhook is saved; the connection itself is checked again
 * (outbound/client.ts), since a name can resolve elsewhere by then.
 *
 * The URL is parsed by the WHATWG parser, the one that will make the request, so every spelling it
 * accepts (`http://2130706433/`, `http://0x7f.1/`, `http://127.1/`, `http://0177.0.0.1/`,
 * `http://0/`, `http://[::ffff:127.0.0.1]/`) reaches us as the canonical address it stands for.
 */
import { isIP } from 'node:net';
import { isRefusedAddress } from './address-policy';
import type { Resolver } from './resolver';

export type TargetVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'notHttp' | 'localName' | 'refusedAddress' | 'unresolved' };

/** A save waits this long for DNS at most; a name that has not answered by then is refused. */
const RESOLVE_TIMEOUT_MS = 5000;

export interface TargetPolicy {
  /** POSTROOM_WEBHOOK_ALLOW_PRIVATE: local and private targets are allowed (tests, local demos). */
  allowPrivate: boolean;
  resolve: Resolver;
}

/** The URL's host without IPv6 brackets or a final dot (`localhost.` is `localhost`). */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/** `localhost` and every `*.localhost` name loop back whatever DNS says (RFC 6761 §6.3). */
export function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

export async function checkTarget(target: string | URL, policy: TargetPolicy): Promise<TargetVerdict> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { allowed: false, reason: 'notHttp' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { allowed: false, reason: 'notHttp' };
  if (policy.allowPrivate) return { allowed: true };
  const host = bareHost(url);
  if (isIP(host) !== 0) return isRefusedAddress(host) ? { allowed: false, reason: 'refusedAddress' } : { allowed: true };
  if (isLocalName(host)) return { allowed: false, reason: 'localName' };
  let addresses: string[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      policy.resolve(host),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('DNS timeout')), RESOLVE_TIMEOUT_MS))),
    ]);
  } catch {
    return { allowed: false, reason: 'unresolved' };
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return { allowed: false, reason: 'unresolved' };
  // One refused address is enough: the connection may pick any of them.
  return addresses.some(isRefusedAddress) ? { allowed: false, reason: 'refusedAddress' } : { allowed: true };
}
