/**
 * Name resolution for outbound requests, injectable so tests can answer as a hostile DNS would
 * (a name that resolves to a public address when a webhook is saved and to 127.0.0.1 when it is
 * delivered: DNS rebinding).
 */
import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to (IPv4 and IPv6); rejects when it does not resolve. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
