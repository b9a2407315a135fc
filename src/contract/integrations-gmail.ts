/**
 * The Gmail connector's settings: the mailbox read through the Gmail API, authorized by the OAuth 2.0
 * code flow (PKCE + state) whose callback is the console's integrations/gmail/callback, with the
 * platform's Google client or the organisation's own.
 */
import { z } from 'zod';
import { plainText } from './define';
import { blacklistSchema, isoDate } from './integrations-mailbox';

export const gmailSettingsSchema = z.object({
  /** Off: the platform's own Google client (POSTROOM_GMAIL_CLIENT_ID/SECRET). */
  customCredentials: z.boolean().default(false),
  clientId: plainText().trim().max(300).default(''),
  /** Empty: the console's integrations/gmail/callback on this server. */
  redirectUri: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  user: z.email().max(254),
  startDate: isoDate,
  blacklist: blacklistSchema,
});
export type GmailSettings = z.infer<typeof gmailSettingsSchema>;
