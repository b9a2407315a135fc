/**
 * Custom fields and output mappings (spec §3 Custom field / Output field mapping): which analysis
 * result is written to which connector field, per connector type, and the mappings a new connector
 * starts with.
 */
import { z } from 'zod';
import { plainText } from './define';
import type { ConnectorType } from './connector-types';
import { JIRA_FIELDS } from './integrations-jira';
import { N8N_FIELDS } from './integrations-n8n';
import { SALESFORCE_FIELDS } from './integrations-salesforce';

export const customFieldSchema = z.object({
  id: z.string().min(1).max(64),
  label: plainText().trim().min(1).max(100),
  technicalName: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/),
  required: z.boolean().default(false),
  active: z.boolean().default(true),
  kind: z.enum(['body', 'attachment']).default('body'),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const OUTPUT_DATA_TYPES = ['messageCategories', 'attachmentCategories', 'extractedInfo', 'replyDraft'] as const;
export type OutputDataType = (typeof OUTPUT_DATA_TYPES)[number];

/**
 * The connector's own fields an output can be written to; custom fields' technical names add to these.
 * Kept literal (`as const`) so the console's text table of each type's fields is checked against it.
 */
export const CONNECTOR_FIELDS = {
  imap: ['keywords', 'draft'],
  gmail: ['labels', 'attachmentLabels', 'draft'],
  /** Outlook categories (message and attachment categories), the reply draft, and metadata (an extended property). */
  m365: ['categories', 'attachmentCategories', 'draft', 'metadata'],
  jira: [...JIRA_FIELDS, 'draft'],
  salesforce: [...SALESFORCE_FIELDS, 'draft'],
  n8n: [...N8N_FIELDS],
} as const satisfies Record<ConnectorType, readonly string[]>;
export type ConnectorField<T extends ConnectorType> = (typeof CONNECTOR_FIELDS)[T][number];

export const outputMappingSchema = z.object({
  dataType: z.enum(OUTPUT_DATA_TYPES),
  /** For extractedInfo: the extracted field's name. */
  source: plainText().trim().max(100).default(''),
  /** A connector field (CONNECTOR_FIELDS) or a custom field's technical name. */
  target: z.string().min(1).max(64),
});
export type OutputMapping = z.infer<typeof outputMappingSchema>;

/** The mappings a new connector starts with. */
export const DEFAULT_MAPPINGS: Record<ConnectorType, OutputMapping[]> = {
  imap: [
    { dataType: 'messageCategories', source: '', target: 'keywords' },
    { dataType: 'replyDraft', source: '', target: 'draft' },
  ],
  gmail: [
    { dataType: 'messageCategories', source: '', target: 'labels' },
    { dataType: 'attachmentCategories', source: '', target: 'attachmentLabels' },
    { dataType: 'replyDraft', source: '', target: 'draft' },
  ],
  m365: [
    { dataType: 'messageCategories', source: '', target: 'categories' },
    { dataType: 'attachmentCategories', source: '', target: 'attachmentCategories' },
    { dataType: 'replyDraft', source: '', target: 'draft' },
  ],
  jira: [
    { dataType: 'messageCategories', source: '', target: 'labels' },
    { dataType: 'replyDraft', source: '', target: 'draft' },
  ],
  salesforce: [{ dataType: 'replyDraft', source: '', target: 'draft' }],
  n8n: [
    { dataType: 'messageCategories', source: '', target: 'categories' },
    { dataType: 'attachmentCategories', source: '', target: 'attachmentCategories' },
    { dataType: 'replyDraft', source: '', target: 'draft' },
  ],
};
