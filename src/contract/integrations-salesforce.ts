/**
 * The CRM connector (Salesforce; spec §3 CRM connector: client id, secret, domain, type jwt or
 * credentials, private key mode, user, custom case filters, expectConsolidation; §4 the auto-generated
 * key; §6 the filters for admins only): each finished analysis creates a Case with the mapped fields,
 * or updates the open Case whose filter fields hold the same values.
 *
 * - `jwt`: the OAuth 2.0 JWT bearer flow (RFC 7523) signed with a private key. In `generated` mode the
 *   platform makes the key pair and a certificate to download and place in the connected app (it may
 *   take Salesforce up to 10 minutes to accept it, §9); in `provided` mode the admin gives the key.
 * - `credentials`: the username-password flow (the password followed by the user's security token).
 * - `webServer`: the OAuth 2.0 web-server flow (authorization code with PKCE and `state`): the admin
 *   signs in on the org's consent page, which comes back to the console's
 *   integrations/salesforce/callback; the refresh token then renews the session before it ends.
 */
import { z } from 'zod';
import { plainText } from './define';

/** A Case field's API name ("Subject", "Contract_Number__c"). */
export const caseFieldNameSchema = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/);

/** How the connector signs in (see above); `webServer` is authorized through the consent page, the others at once. */
export const SALESFORCE_TYPES = ['jwt', 'credentials', 'webServer'] as const;

export const salesforceSettingsSchema = z.object({
  /** The connected app's consumer key. */
  clientId: plainText().trim().min(1).max(300),
  /** The org's My Domain or login host: https://acme.my.salesforce.com, https://test.salesforce.com. */
  domain: z.url({ protocol: /^https?$/ }),
  type: z.enum(SALESFORCE_TYPES).default('jwt'),
  privateKeyMode: z.enum(['generated', 'provided']).default('generated'),
  /** The Salesforce username the platform acts as. */
  user: plainText().trim().min(1).max(254),
  /** §6 admins only: Case fields that identify an open Case to update rather than create a new one. */
  customCaseFilters: z.array(z.object({ field: caseFieldNameSchema })).max(10).default([]),
  /** Write a Case only once the consolidation module has given its result. */
  expectConsolidation: z.boolean().default(false),
  /** webServer: the callback registered in the connected app; empty = the console's integrations/salesforce/callback. */
  redirectUri: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
});
export type SalesforceSettings = z.infer<typeof salesforceSettingsSchema>;

/** The Case fields an output can be written to; custom fields (`Category__c`) add to these. */
export const SALESFORCE_FIELDS = ['Subject', 'Description'] as const;

/** The REST API version the connector speaks. */
export const SALESFORCE_API_VERSION = 'v60.0';

/** What the web-server flow asks for: the REST API, and a refresh token to renew the session. */
export const SALESFORCE_SCOPES = ['api', 'refresh_token'] as const;
