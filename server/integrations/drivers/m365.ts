/**
 * Mail-server connector for Microsoft 365 on the Graph API (v1.0), as a daemon app of the customer's
 * Entra ID tenant: OAuth 2.0 client credentials (no user, no refresh token: a new grant renews the
 * token; refused, the connector asks to be reauthorized, §8). It reads the Inbox by received date
 * (`$value` gives the MIME source), writes categories as Outlook categories (PATCH `categories`,
 * added to those already there), metadata as one extended property, and saves the reply draft with
 * `createReply` then a PATCH of its body.
 *
 * The Inbox, not `/messages`: the whole mailbox would also hold the sent items and the drafts this
 * connector creates, which would come back as new mail on the next run.
 */
import type { M365Settings } from '../../../src/contract/integrations';
import { ConnectorError } from '../errors';
import type { ConnectorSecrets } from '../secrets';
import type { IntegrationSettings } from '../settings';
import { bearerCall, bearerJson, type RenewToken } from './bearer-api';
import { headersOf } from './mail-headers';
import { expiry, tokenRequest, type OAuthClient } from './oauth-token';
import type { ConnectorDriver, DriverContext, MailItem } from './types';

/** The application permissions granted to the app (Mail.ReadWrite), asked for as a whole. */
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
/** A run reads at most this many messages; the rest waits for the next run. */
const MAX_MESSAGES_PER_RUN = 500;
/**
 * METADATA target: a named string property in the public-strings property set (PS_PUBLIC_STRINGS),
 * holding the values as a JSON array — readable by any Graph or MAPI client, and it leaves the
 * user's category list alone.
 */
export const METADATA_PROPERTY = 'String {00020329-0000-0000-C000-000000000046} Name PostroomMetadata';
/** Outlook keeps categories as display names up to 255 characters. */
const MAX_CATEGORY = 255;

const m365Of = (ctx: DriverContext): M365Settings => {
  if (ctx.settings.type !== 'm365') throw new Error('not a Microsoft 365 connector');
  return ctx.settings.m365;
};

export function m365Client(settings: M365Settings, secrets: ConnectorSecrets, integrations: IntegrationSettings): OAuthClient {
  if (!secrets.clientSecret) throw new ConnectorError('missingSecret', 'clientSecret');
  const tokenUrl = `${integrations.m365LoginUrl}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`;
  return { clientId: settings.clientId, clientSecret: secrets.clientSecret, redirectUri: '', tokenUrl };
}

/** A client-credentials grant: the first token (authorization) or a renewal. */
async function grant(ctx: DriverContext, failure: 'authorizationFailed' | 'reauthorize'): Promise<ConnectorSecrets> {
  const answer = await tokenRequest(ctx.outbound, m365Client(m365Of(ctx), ctx.secrets, ctx.integrations), { grant_type: 'client_credentials', scope: GRAPH_SCOPE }, failure);
  return { ...ctx.secrets, accessToken: answer.access_token!, accessTokenExpiresAt: expiry(answer, Date.now()) };
}

const renew: RenewToken = (ctx) => grant(ctx, 'reauthorize');

const mailbox = (ctx: DriverContext) => `${ctx.integrations.graphApiUrl}/v1.0/users/${encodeURIComponent(m365Of(ctx).user)}`;
const messageUrl = (ctx: DriverContext, id: string) => `${mailbox(ctx)}/messages/${encodeURIComponent(id)}`;

const graph = <T>(ctx: DriverContext, method: string, url: string, body?: unknown): Promise<T> => bearerJson<T>(ctx, renew, { method, url, body }, 'Microsoft Graph');

async function rawSource(ctx: DriverContext, id: string): Promise<Buffer> {
  const response = await bearerCall(ctx, renew, { method: 'GET', url: `${messageUrl(ctx, id)}/$value`, accept: 'message/rfc822, */*' });
  if (response.status !== 200) throw new ConnectorError('healthCheckFailed', `Microsoft Graph GET $value → HTTP ${response.status}`);
  return response.body;
}

interface GraphPage {
  value?: { id: string; receivedDateTime?: string }[];
  '@odata.nextLink'?: string;
}

export const m365Driver: ConnectorDriver = {
  customFieldsAsLabels: true,
  async authorizeNow(ctx) {
    const granted = await grant(ctx, 'authorizationFailed');
    ctx.secrets = granted;
    await ctx.saveSecrets(granted);
    // The token proves the secret; reading the mailbox proves the permission and the address.
    await this.healthCheck(ctx);
  },

  async healthCheck(ctx) {
    await graph(ctx, 'GET', `${mailbox(ctx)}/mailFolders/inbox/messages?${new URLSearchParams({ $top: '1', $select: 'id' })}`);
  },

  async fetch(ctx, from, to) {
    const query = new URLSearchParams({
      $filter: `receivedDateTime ge ${from.toISOString()} and receivedDateTime lt ${to.toISOString()}`,
      $orderby: 'receivedDateTime asc',
      $select: 'id,receivedDateTime',
      $top: '100',
    });
    const found: { id: string; at: number }[] = [];
    let url: string | undefined = `${mailbox(ctx)}/mailFolders/inbox/messages?${query}`;
    while (url !== undefined && found.length < MAX_MESSAGES_PER_RUN) {
      const page: GraphPage = await graph<GraphPage>(ctx, 'GET', url);
      for (const message of page.value ?? []) found.push({ id: message.id, at: Date.parse(message.receivedDateTime ?? '') });
      const next = page['@odata.nextLink'];
      // The token goes to Graph only, never to an address a page names elsewhere.
      url = next !== undefined && next.startsWith(`${ctx.integrations.graphApiUrl}/`) ? next : undefined;
    }
    const items: (MailItem & { at: number })[] = [];
    for (const { id, at } of found.slice(0, MAX_MESSAGES_PER_RUN)) {
      // The filter is the provider's; the period is checked here too (half-open).
      if (!(at >= from.getTime() && at < to.getTime())) continue;
      const raw = await rawSource(ctx, id);
      const headers = await headersOf(raw);
      items.push({ id, raw, from: headers.from, subject: headers.subject, at });
    }
    return items.sort((a, b) => a.at - b.at);
  },

  async writeBack(ctx, messageId, result) {
    const { metadata = [], ...others } = result.tags;
    const categories = [...new Set(Object.values(others).flat())].map((name) => name.trim().slice(0, MAX_CATEGORY)).filter((name) => name !== '');
    const patch: Record<string, unknown> = {};
    if (categories.length > 0) {
      // PATCH replaces the list: the user's own categories are kept.
      const current = await graph<{ categories?: string[] }>(ctx, 'GET', `${messageUrl(ctx, messageId)}?$select=categories`);
      patch.categories = [...new Set([...(current.categories ?? []), ...categories])];
    }
    if (metadata.length > 0) patch.singleValueExtendedProperties = [{ id: METADATA_PROPERTY, value: JSON.stringify(metadata) }];
    if (Object.keys(patch).length > 0) await graph(ctx, 'PATCH', messageUrl(ctx, messageId), patch);
    if (result.draft !== null) {
      // createReply addresses the draft and threads it; its body is then the analysis's draft.
      const draft = await graph<{ id: string }>(ctx, 'POST', `${messageUrl(ctx, messageId)}/createReply`, {});
      await graph(ctx, 'PATCH', messageUrl(ctx, draft.id), { body: { contentType: 'Text', content: result.draft } });
    }
  },
};
