/** The Microsoft 365 connector's settings (Graph API, client credentials of the customer's tenant). */
import { z } from 'zod';
import { blacklistSchema, isoDate } from './integrations-mailbox';

/**
 * Microsoft 365 through the Graph API, as a daemon app of the customer's Entra ID tenant (OAuth 2.0
 * client credentials, application permission Mail.ReadWrite): no user consent page, the secret is
 * the authorization.
 */
export const m365SettingsSchema = z.object({
  /** The app registration's "Application (client) ID". */
  clientId: z.string().trim().regex(/^[A-Za-z0-9-]{1,100}$/),
  /** The "Directory (tenant) ID" (a GUID) or a verified domain (contoso.onmicrosoft.com). */
  tenantId: z.string().trim().regex(/^[A-Za-z0-9.-]{1,100}$/),
  /** The mailbox read (user principal name or address). */
  user: z.email().max(254),
  startDate: isoDate,
  blacklist: blacklistSchema,
});
export type M365Settings = z.infer<typeof m365SettingsSchema>;
