/**
 * Where a mail-server connection (IMAP, SMTP) goes: the host goes through the outbound policy
 * (server/outbound) like every other connector — it is resolved here and the connection is made to
 * the checked address, so a private or loopback server is refused unless the operator allows private
 * targets (POSTROOM_WEBHOOK_ALLOW_PRIVATE). TLS still verifies the certificate against the host name
 * (`servername`).
 */
import { isIP } from 'node:net';
import { isRefusedAddress } from '../../outbound/address-policy';
import { systemResolver } from '../../outbound/resolver';
import { unreachable } from '../errors';
import type { DriverContext } from './types';

export interface MailHost {
  /** The checked address to connect to. */
  address: string;
  /** The name TLS verifies the certificate against (undefined for an IP address). */
  servername: string | undefined;
}

export async function checkedMailHost(ctx: Pick<DriverContext, 'outbound'>, host: string): Promise<MailHost> {
  const addresses = isIP(host) !== 0 ? [host] : await systemResolver(host).catch(() => []);
  // Both answer as a closed port does (integrations/errors.ts): the tenant learns nothing of the network.
  if (addresses.length === 0) throw unreachable(`ENOTFOUND ${host}`);
  if (!ctx.outbound.allowPrivate && addresses.some(isRefusedAddress)) throw unreachable(`refused address ${host}`);
  return { address: addresses[0]!, servername: isIP(host) === 0 ? host : undefined };
}
