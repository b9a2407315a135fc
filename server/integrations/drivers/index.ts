/** The driver of each connector type: nothing else switches on the type. */
import type { ConnectorType } from '../../../src/contract/integrations';
import { gmailDriver } from './gmail';
import { imapDriver } from './imap';
import type { ConnectorDriver } from './types';

export const DRIVERS: Record<ConnectorType, ConnectorDriver> = { gmail: gmailDriver, imap: imapDriver };
