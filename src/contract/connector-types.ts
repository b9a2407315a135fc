/** The kinds of connector (§ Integrations): the mailboxes that bring mail in and the systems analyses go out to. */
import { z } from 'zod';

export const CONNECTOR_TYPES = ['gmail', 'm365', 'imap', 'jira', 'salesforce', 'n8n'] as const;
export const connectorTypeSchema = z.enum(CONNECTOR_TYPES);
export type ConnectorType = z.infer<typeof connectorTypeSchema>;
