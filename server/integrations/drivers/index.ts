/** The driver of each connector type: nothing else switches on the type. */
import type { ConnectorType } from '../../../src/contract/integrations';
import { gmailDriver } from './gmail';
import { imapDriver } from './imap';
import { jiraDriver } from './jira';
import { m365Driver } from './m365';
import { n8nDriver } from './n8n';
import { salesforceDriver } from './salesforce';
import type { ConnectorDriver } from './types';

export const DRIVERS: Record<ConnectorType, ConnectorDriver> = { gmail: gmailDriver, m365: m365Driver, imap: imapDriver, jira: jiraDriver, salesforce: salesforceDriver, n8n: n8nDriver };
