/**
 * The issue-tracker connector (Jira Cloud, OAuth 2.0 three-legged with PKCE; spec §3 Issue-tracker
 * connector: client id, secret, tenant id): each finished analysis of the environment becomes an issue
 * of one Jira project, its fields filled by the output mappings. The tenant id is the Jira site's
 * cloud id; left empty, the first site the authorization grants is used and remembered.
 */
import { z } from 'zod';
import { plainText } from './define';

export const jiraSettingsSchema = z.object({
  clientId: plainText().trim().min(1).max(300),
  tenantId: plainText().trim().max(100).default(''),
  /** The project issues are created in ("SUP"). */
  projectKey: z.string().trim().regex(/^[A-Z][A-Z0-9_]{0,19}$/),
  /** The issue type's name in that project. */
  issueType: plainText().trim().min(1).max(60).default('Task'),
  /** Empty: the console's integrations/jira/callback on this server. */
  redirectUri: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
});
export type JiraSettings = z.infer<typeof jiraSettingsSchema>;

/** The issue fields an output can be written to; custom fields (`customfield_10042`) add to these. */
export const JIRA_FIELDS = ['summary', 'description', 'labels'] as const;

/** Read and create issues, and a refresh token (offline_access). */
export const JIRA_SCOPES = ['read:jira-work', 'write:jira-work', 'read:jira-user', 'offline_access'] as const;
