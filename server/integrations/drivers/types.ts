/** What every connector type implements (drivers/*.ts; src/contract/integrations.ts CONNECTOR_PROFILES says which kind). */
import type { ModuleResult } from '../../../src/contract/analyses';
import type { ConnectorSettings } from '../../../src/contract/integrations';
import type { OutboundClient } from '../../outbound/client';
import type { ConnectorSecrets } from '../secrets';
import type { IntegrationSettings } from '../settings';
import type { TokenEndpoint } from './oauth-token';

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
  /** The message's categories, whatever the mappings write (the mail server's SEND_REPLY filter). */
  categories?: string[];
}

export interface DriverContext {
  settings: ConnectorSettings;
  secrets: ConnectorSecrets;
  /** Stores renewed tokens (sealed) as soon as they arrive. */
  saveSecrets(next: ConnectorSecrets): Promise<void>;
  outbound: OutboundClient;
  integrations: IntegrationSettings;
}

/** The analysis a write-back is for (record connectors name their record after it). */
export interface AnalysisRef {
  id: string;
  name: string;
}

export interface ConnectorDriver {
  /** Signs in and reads once; throws a ConnectorError. */
  healthCheck(ctx: DriverContext): Promise<void>;
  /** Mailbox connectors: messages received in [from, to), oldest first. */
  fetch?(ctx: DriverContext, from: Date, to: Date): Promise<MailItem[]>;
  /** Writes one finished analysis back: on its message (mailbox, `messageId`) or as a record. */
  writeBack(ctx: DriverContext, messageId: string, result: WriteBack, analysis: AnalysisRef): Promise<void>;
  /** Mail writes custom fields as `technicalName/value` labels; records write their plain values. */
  customFieldsAsLabels: boolean;
  /**
   * `login` and `external` authorization, done at once (IMAP: a login; Microsoft 365: a
   * client-credentials token; Salesforce: a JWT sign-in; n8n: its workflow created); throws a ConnectorError.
   */
  authorizeNow?(ctx: DriverContext, connectorName: string): Promise<void>;
  /** `oauth` authorization: the consent page and the token endpoint, for the redirect URI given. */
  oauth?: {
    callbackPath: string;
    /** The redirect URI set in the connector's settings, or '' for the console's callback route. */
    configuredRedirectUri(ctx: Pick<DriverContext, 'settings'>): string;
    authorizationUrl(ctx: DriverContext, redirectUri: string, state: string, challenge: string): string;
    tokenEndpoint(ctx: DriverContext, redirectUri: string): TokenEndpoint;
  };
  /**
   * Whether a finished analysis may be written at all (Salesforce's expectConsolidation: only once the
   * consolidation module gave its result); refusing throws a ConnectorError recorded on the message.
   */
  checkAnalysis?(ctx: DriverContext, modules: readonly ModuleResult[]): void;
  /** Before the connector is deleted; refusing throws (n8n: §8 Delete tag). */
  beforeDelete?(ctx: DriverContext): Promise<void>;
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
