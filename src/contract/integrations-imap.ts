/**
 * The mail-server connector's sign-in and sending settings (beyond the spec: IMAP + SMTP).
 *
 * - Sign-in: the password, or OAuth 2.0 — the authorization-code flow with PKCE and state through the
 *   console's webmail callback route, then SASL XOAUTH2 / OAUTHBEARER with the access token on IMAP
 *   and SMTP. A provider preset fills the provider's pages and scopes (Google, Microsoft); `custom`
 *   takes them from the settings (any OAuth 2.0 provider in front of the mail server).
 * - Sending (SEND_REPLY, off by default): the reply draft of a message is sent through the
 *   organisation's SMTP server instead of waiting in Drafts, for every message or only for the
 *   categories chosen, and a copy is kept in the Sent folder.
 */
import { z } from 'zod';
import { plainText } from './define';
import { blacklistSchema, isoDate } from './integrations-mailbox';

export const MAIL_AUTH_METHODS = ['password', 'oauth2'] as const;
export const MAIL_OAUTH_PROVIDERS = ['google', 'microsoft', 'custom'] as const;
export type MailOAuthProvider = (typeof MAIL_OAUTH_PROVIDERS)[number];

const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default('');

export const mailOAuthSchema = z.object({
  provider: z.enum(MAIL_OAUTH_PROVIDERS).default('google'),
  clientId: plainText().trim().max(300).default(''),
  /** Microsoft: the Entra ID tenant (GUID or domain); `organizations` takes any work account. */
  tenant: z.string().trim().regex(/^[A-Za-z0-9.-]{1,100}$/).default('organizations'),
  /** `custom`: the provider's consent page and token endpoint. */
  authorizationUrl: optionalUrl,
  tokenUrl: optionalUrl,
  /** Space-separated; empty: the preset's (`custom` must name them). */
  scopes: plainText().trim().max(1000).default(''),
  /** Empty: the console's integrations/gmail/callback on this server (the state names the connector). */
  redirectUri: optionalUrl,
});
export type MailOAuthSettings = z.infer<typeof mailOAuthSchema>;

export const smtpSettingsSchema = z.object({
  /** SEND_REPLY: off, reply drafts wait in the Drafts folder for a person to send them. */
  sendReplies: z.boolean().default(false),
  host: plainText().trim().max(253).default(''),
  port: z.number().int().min(1).max(65535).default(465),
  /** Implicit TLS (465); off, the connection is upgraded with STARTTLS when the server offers it (587). */
  tls: z.boolean().default(true),
  /** The sender address; empty: the IMAP user when it is an address, else the address the mail was sent to. */
  from: z.union([z.literal(''), z.email().max(254)]).default(''),
  /** Send only the replies of messages in these categories; empty: every reply draft. */
  categories: z.array(plainText().trim().min(1).max(200)).max(100).default([]),
  /** Where a copy of each sent reply is kept. */
  sentFolder: plainText().trim().min(1).max(200).default('Sent'),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** The mail server connector's sign-in and sending fields, added to its IMAP settings. */
export const mailServerAuthShape = {
  /** How IMAP and SMTP are signed in to. */
  auth: z.enum(MAIL_AUTH_METHODS).default('password'),
  oauth: mailOAuthSchema.prefault({}),
  smtp: smtpSettingsSchema.prefault({}),
};

/** Settings that only make sense together: said on the field that is missing. */
export function checkMailServerSettings(value: { auth: string; oauth: MailOAuthSettings; smtp: SmtpSettings }, ctx: z.RefinementCtx): void {
  if (value.auth === 'oauth2') {
    if (value.oauth.clientId === '') ctx.addIssue({ code: 'custom', path: ['oauth', 'clientId'], message: 'required' });
    if (value.oauth.provider === 'custom') {
      for (const key of ['authorizationUrl', 'tokenUrl', 'scopes'] as const) if (value.oauth[key] === '') ctx.addIssue({ code: 'custom', path: ['oauth', key], message: 'required' });
    }
  }
  if (value.smtp.sendReplies && value.smtp.host === '') ctx.addIssue({ code: 'custom', path: ['smtp', 'host'], message: 'required' });
}

/** The mail-server connector's settings: the IMAP server and folders, how labels are written, and the sign-in and sending above. */
export const imapSettingsSchema = z.object({
  host: plainText().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(993),
  /** Implicit TLS (993); off, the connection is upgraded with STARTTLS when the server offers it. */
  tls: z.boolean().default(true),
  user: plainText().trim().min(1).max(254),
  folder: plainText().trim().min(1).max(200).default('INBOX'),
  draftsFolder: plainText().trim().min(1).max(200).default('Drafts'),
  startDate: isoDate,
  /** Senders (`a@b.c`) or domains (`b.c`) whose messages are never analysed. */
  blacklist: blacklistSchema,
  /** How labels are written: IMAP keywords on the message, or a copy in one folder per label. */
  labelAs: z.enum(['keywords', 'folders']).default('keywords'),
  /** With `folders`: the parent folder of the label folders ("Postroom/Résiliation"). */
  labelsFolder: plainText().trim().min(1).max(200).default('Postroom'),
  /** Password or OAuth 2.0 sign-in, and the SMTP server replies are sent through (integrations-imap.ts). */
  ...mailServerAuthShape,
}).superRefine(checkMailServerSettings);
export type ImapSettings = z.infer<typeof imapSettingsSchema>;
