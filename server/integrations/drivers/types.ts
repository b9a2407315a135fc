/** What every connector type implements (drivers/gmail.ts, drivers/m365.ts, drivers/imap.ts). */
import type { ConnectorSettings } from '../../../src/contract/integrations';
import type { OutboundClient } from '../../outbound/client';
import type { ConnectorSecrets } from '../secrets';
import type { IntegrationSettings } from '../settings';

/** One message found in the mailbox, as the bytes of its RFC 822 source. */
export interface MailItem {
  /** Stable provider id: the dedup key. */
  id: string;
  raw: Uint8Array;
  /** Sender address, lower-cased (blacklist). */
  from: string;
  subject: string;
}

/** What the analysis gives back, by connector field: labels/keywords per target, and the reply draft. */
export interface WriteBack {
  tags: Record<string, string[]>;
  draft: string | null;
}

export interface DriverContext {
  settings: ConnectorSettings;
  secrets: ConnectorSecrets;
  /** Stores renewed tokens (sealed) as soon as they arrive. */
  saveSecrets(next: ConnectorSecrets): Promise<void>;
  outbound: OutboundClient;
  integrations: IntegrationSettings;
}

export interface ConnectorDriver {
  /**
   * Connectors authorized without a consent page (IMAP: a login; Microsoft 365: a client-credentials
   * token): done at once, throws a ConnectorError. The others go through OAuth (routes/integrations.ts).
   */
  authorizeNow?(ctx: DriverContext): Promise<void>;
  /** Logs in and reads the mailbox once; throws a ConnectorError. */
  healthCheck(ctx: DriverContext): Promise<void>;
  /** Messages received in [from, to), oldest first. */
  fetch(ctx: DriverContext, from: Date, to: Date): Promise<MailItem[]>;
  writeBack(ctx: DriverContext, messageId: string, result: WriteBack): Promise<void>;
}

/** `a@b.c` matches itself and the domain `b.c` (and its sub-domains). */
export function isBlacklisted(from: string, blacklist: readonly string[]): boolean {
  const address = from.toLowerCase();
  const domain = address.split('@')[1] ?? '';
  return blacklist.some((entry) => {
    const item = entry.toLowerCase();
    return item.includes('@') ? item === address : domain === item || domain.endsWith(`.${item}`);
  });
}
