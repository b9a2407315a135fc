/**
 * The self-service webmail (spec §2.4 "a webmail integration: the user connects a mailbox and the
 * product labels analysed emails", §4 self-service webmail integration): a light user
 * connects a Gmail mailbox to one of their use cases. It is the environment's Gmail connector of the
 * integrations (src/contract/integrations.ts), created on first need with the platform's Google client
 * (the operator's POSTROOM_GMAIL_CLIENT_ID/SECRET; a light user never types a client id) and simple
 * defaults: message and attachment categories become labels, mail is read from the connection on.
 *
 * §4 states: `notConfigured` (no mailbox); `configuring` (the Google page was opened, the answer has
 * not come back yet); `configured`, then `active` or not, and `needsReauthorization` when Google no
 * longer accepts the stored access (§8 webmail misconfigured).
 *
 * Access is `signedIn`: the handlers serve light users only (`selfServiceLightUsersOnly`) and their own
 * use cases only (`environmentNotFound`), like the rest of src/contract/self-service.ts.
 */
import { z } from 'zod';
import { access, forLightUsers, defineEndpoint, type Endpoint } from './define';
export { SELF_WEBMAIL_ERROR_CODES } from './error-code-lists';

export const SELF_WEBMAIL_STATES = ['notConfigured', 'configuring', 'configured'] as const;
export type SelfWebmailState = (typeof SELF_WEBMAIL_STATES)[number];

export const selfWebmailSchema = z.object({
  state: z.enum(SELF_WEBMAIL_STATES),
  /** Whether a mailbox can be connected at all (the operator configured the platform's Google client). */
  available: z.boolean(),
  /** The connected (or being connected) Gmail address; null when not configured. */
  mailbox: z.string().nullable(),
  /** Mail is read on a schedule (only once configured). */
  active: z.boolean(),
  /** Google refused to renew the access: the user must authorize again (§8). */
  needsReauthorization: z.boolean(),
  /** When the mailbox was last read, and whether that reading failed. */
  lastCheckAt: z.string().nullable(),
  lastCheckFailed: z.boolean(),
  /** The last reading stopped on the month's quota: the day it renews (YYYY-MM-DD), else null. */
  quotaRenewsOn: z.string().nullable(),
  /** A reading asked for or under way (the screen refreshes until it is done). */
  checking: z.boolean(),
  /** Mails turned into analyses, and those whose labels were written back into the mailbox. */
  analysed: z.number().int().nonnegative(),
  labelled: z.number().int().nonnegative(),
});
export type SelfWebmail = z.infer<typeof selfWebmailSchema>;

/**
 * The OAuth `state` of a self-service authorization: `<envId>.self.<nonce>`. The first part is the
 * environment, as for every connector (integrations/gmail/callback reads it); `self` tells the
 * callback page to finish through the self-service endpoint and go back to the use case.
 */
export const SELF_WEBMAIL_STATE_MARK = 'self';
export const isSelfWebmailState = (state: string) => state.split('.')[1] === SELF_WEBMAIL_STATE_MARK;

/** The callback page tells the use case's page (maybe in another window) that the mailbox is connected. */
export const SELF_WEBMAIL_CHANNEL = 'postroom:self-webmail';

const useCaseParams = z.object({ envId: z.string().min(1) });
const base = '/v4/console/api/self/use-cases/{envId}/webmail';

export const getSelfWebmail = defineEndpoint({
  id: 'selfService.webmail',
  method: 'GET',
  path: base,
  summary: "The webmail of a light user's use case: its §4 state, the mailbox, the latest reading",
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  response: selfWebmailSchema,
});

export const connectSelfWebmail = defineEndpoint({
  id: 'selfService.webmailConnect',
  method: 'POST',
  path: `${base}/connect`,
  summary: "Connect (or authorize again) the use case's Gmail mailbox: answers Google's authorization page",
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  body: z.object({ mailbox: z.email().max(254) }),
  response: z.object({ url: z.string(), webmail: selfWebmailSchema }),
});

export const completeSelfWebmail = defineEndpoint({
  id: 'selfService.webmailComplete',
  method: 'POST',
  path: `${base}/oauth-callback`,
  summary: "Finish the webmail authorization with Google's code and the state it was started with",
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  body: z.object({ state: z.string().min(1).max(300), code: z.string().min(1).max(2000) }),
  response: selfWebmailSchema,
});

export const setSelfWebmailActive = defineEndpoint({
  id: 'selfService.webmailSetActive',
  method: 'PATCH',
  path: `${base}/active`,
  summary: 'Activate (only once authorized) or deactivate the scheduled reading of the mailbox',
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  body: z.object({ active: z.boolean() }),
  response: selfWebmailSchema,
});

export const checkSelfWebmailNow = defineEndpoint({
  id: 'selfService.webmailCheckNow',
  method: 'POST',
  path: `${base}/check`,
  summary: 'Read the mailbox now (the last 24 hours at most, from the connection on; mail already read is skipped)',
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  response: selfWebmailSchema,
});

export const disconnectSelfWebmail = defineEndpoint({
  id: 'selfService.webmailDisconnect',
  method: 'DELETE',
  path: base,
  summary: 'Disconnect the mailbox (the analyses stay; the labels already written stay in the mailbox)',
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  response: selfWebmailSchema,
});

export const selfWebmailEndpoints: readonly Endpoint[] = [
  getSelfWebmail,
  connectSelfWebmail,
  completeSelfWebmail,
  setSelfWebmailActive,
  checkSelfWebmailNow,
  disconnectSelfWebmail,
];
