/** The driver of each connector type: nothing else switches on the type. */
import type { ConnectorType } from '../../../src/contract/integrations';
import { gmailDriver } from './gmail';
import { imapDriver } from './imap';
import { m365Driver } from './m365';
import type { ConnectorDriver } from './types';

export const DRIVERS: Record<ConnectorType, ConnectorDriver> = { gmail: gmailDriver, m365: m365Driver, imap: imapDriver };
