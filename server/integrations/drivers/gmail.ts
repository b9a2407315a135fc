/**
 * Webmail connector on the Gmail REST API (v1): lists messages by date, reads their raw source, adds
 * labels (created when missing) and saves reply drafts in the message's thread. Tokens are renewed
 * with the refresh token (bearer-api.ts); when renewal fails the connector asks to be reauthorized
 * (§8 webmail misconfigured).
 */
import { CONNECTOR_PROFILES, type GmailSettings } from '../../../src/contract/integrations';
import { ConnectorError } from '../errors';
import type { ConnectorSecrets } from '../secrets';
import type { IntegrationSettings } from '../settings';
import { bearerAnswer, bearerCall, bearerJson, type RenewToken } from './bearer-api';
import { authorizationUrl, renewToken, type OAuthClient } from './google-oauth';
import { headersOf } from './mail-headers';
import { replyDraftSource } from './reply-mail';
import type { ConnectorDriver, DriverContext, MailItem } from './types';

/** A run reads at most this many messages; the rest waits for the next run. */
const MAX_MESSAGES_PER_RUN = 500;

export function gmailClient(settings: GmailSettings, secrets: ConnectorSecrets, integrations: IntegrationSettings, redirectUri = ''): OAuthClient {
  const clientId = settings.customCredentials ? settings.clientId : (integrations.platformClientId ?? '');
  const clientSecret = settings.customCredentials ? (secrets.clientSecret ?? '') : (integrations.platformClientSecret ?? '');
  if (clientId === '' || clientSecret === '') throw new ConnectorError('missingSecret', settings.customCredentials ? 'clientSecret' : 'platformCredentials');
  return { clientId, clientSecret, redirectUri, tokenUrl: integrations.googleTokenUrl };
}

const gmailOf = (ctx: Pick<DriverContext, 'settings'>): GmailSettings => {
  if (ctx.settings.type !== 'gmail') throw new Error('not a Gmail connector');
  return ctx.settings.gmail;
};

const renew: RenewToken = (ctx) => renewToken(ctx.outbound, gmailClient(gmailOf(ctx), ctx.secrets, ctx.integrations), ctx.secrets);

const apiUrl = (ctx: DriverContext, path: string) => `${ctx.integrations.gmailApiUrl}/gmail/v1/users/me${path}`;

const api = <T>(ctx: DriverContext, method: string, path: string, body?: unknown): Promise<T> => bearerJson<T>(ctx, renew, { method, url: apiUrl(ctx, path), body }, 'Gmail API');

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const listLabels = async (ctx: DriverContext): Promise<Map<string, string>> =>
  new Map(((await api<{ labels?: { id: string; name: string }[] }>(ctx, 'GET', '/labels')).labels ?? []).map((label) => [label.name, label.id]));

/**
 * The ids of these labels, creating the missing ones. Another server process writing back another
 * message (or the mailbox's owner) may create the same label between our list and our creation:
 * Gmail then answers 409, and the label is read from a new list rather than failing the write-back.
 */
async function labelIds(ctx: DriverContext, names: readonly string[]): Promise<Map<string, string>> {
  const ids = await listLabels(ctx);
  for (const name of names) {
    if (ids.has(name)) continue;
    const request = { method: 'POST', url: apiUrl(ctx, '/labels'), body: { name, labelListVisibility: 'labelShow', messageListVisibility: 'show' } };
    const response = await bearerCall(ctx, renew, request);
    const existing = response.status === 409 ? (await listLabels(ctx)).get(name) : undefined;
    ids.set(name, existing ?? bearerAnswer<{ id: string }>(response, request, 'Gmail API').id);
  }
  return ids;
}

export const gmailDriver: ConnectorDriver = {
  customFieldsAsLabels: true,
  oauth: {
    callbackPath: CONNECTOR_PROFILES.gmail.callbackPath,
    configuredRedirectUri: (ctx) => gmailOf(ctx).redirectUri,
    authorizationUrl: (ctx, redirectUri, state, challenge) =>
      authorizationUrl(ctx.integrations.googleAuthorizeUrl, gmailClient(gmailOf(ctx), ctx.secrets, ctx.integrations, redirectUri), state, challenge, gmailOf(ctx).user),
    tokenEndpoint: (ctx, redirectUri) => gmailClient(gmailOf(ctx), ctx.secrets, ctx.integrations, redirectUri),
  },
  async healthCheck(ctx) {
    await api(ctx, 'GET', '/profile');
  },

  async fetch(ctx, from, to) {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const query = new URLSearchParams({ q: `after:${seconds(from)} before:${seconds(to) + 1}`, maxResults: '100', ...(pageToken ? { pageToken } : {}) });
      const page = await api<{ messages?: { id: string }[]; nextPageToken?: string }>(ctx, 'GET', `/messages?${query}`);
      ids.push(...(page.messages ?? []).map((message) => message.id));
      pageToken = page.nextPageToken;
    } while (pageToken && ids.length < MAX_MESSAGES_PER_RUN);
    const items: (MailItem & { at: number })[] = [];
    for (const id of ids.slice(0, MAX_MESSAGES_PER_RUN)) {
      const message = await api<{ id: string; raw: string; internalDate?: string }>(ctx, 'GET', `/messages/${encodeURIComponent(id)}?format=raw`);
      const at = Number(message.internalDate ?? 0);
      // The search works in whole seconds; the period is exact.
      if (at < from.getTime() || at >= to.getTime()) continue;
      const raw = Buffer.from(message.raw, 'base64url');
      const headers = await headersOf(raw);
      items.push({ id: message.id, raw, from: headers.from, subject: headers.subject, at });
    }
    return items.sort((a, b) => a.at - b.at);
  },

  async writeBack(ctx, messageId, result) {
    const names = [...new Set(Object.values(result.tags).flat())].filter((name) => name.trim() !== '');
    if (names.length > 0) {
      const ids = await labelIds(ctx, names);
      await api(ctx, 'POST', `/messages/${encodeURIComponent(messageId)}/modify`, { addLabelIds: names.map((name) => ids.get(name)!) });
    }
    if (result.draft !== null) {
      const message = await api<{ threadId: string; raw: string }>(ctx, 'GET', `/messages/${encodeURIComponent(messageId)}?format=raw`);
      const original = await headersOf(Buffer.from(message.raw, 'base64url'));
      const source = replyDraftSource({ ...original, to: original.to || gmailOf(ctx).user }, result.draft);
      await api(ctx, 'POST', '/drafts', { message: { raw: Buffer.from(source).toString('base64url'), threadId: message.threadId } });
    }
  },
};
