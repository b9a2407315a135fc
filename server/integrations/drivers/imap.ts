/**
 * Mail-server connector for any IMAP server (imapflow): reads a folder by received date, writes the
 * results as IMAP keywords or as copies in one folder per label ("Postroom/Résiliation", for clients
 * that show no keywords), and appends reply drafts to the Drafts folder — or, with SEND_REPLY on,
 * sends them through SMTP (smtp.ts) and keeps the copy in the Sent folder. It signs in with the
 * password or an OAuth 2.0 access token (mail-oauth.ts: SASL XOAUTH2 / OAUTHBEARER, renewed before it
 * expires). The host goes through the outbound policy (mail-host.ts).
 */
import { ImapFlow } from 'imapflow';
import { CONNECTOR_PROFILES, type ImapSettings } from '../../../src/contract/integrations';
import { ConnectorError, unreachable } from '../errors';
import { checkedMailHost } from './mail-host';
import { headersOf } from './mail-headers';
import { mailAuthorizationUrl, mailLogin, mailOAuthClient } from './mail-oauth';
import { replyDraftSource } from './reply-mail';
import { sendReply, shouldSend, verifySmtp } from './smtp';
import type { ConnectorDriver, DriverContext, MailItem } from './types';

const imapOf = (ctx: Pick<DriverContext, 'settings'>): ImapSettings => {
  if (ctx.settings.type !== 'imap') throw new Error('not an IMAP connector');
  return ctx.settings.imap;
};

async function signIn(ctx: DriverContext, forceRenewal: boolean): Promise<ImapFlow> {
  const settings = imapOf(ctx);
  const host = await checkedMailHost(ctx, settings.host);
  const client = new ImapFlow({
    host: host.address,
    servername: host.servername,
    port: settings.port,
    secure: settings.tls,
    // imapflow picks XOAUTH2 or OAUTHBEARER for an access token, as the server offers.
    auth: await mailLogin(ctx, forceRenewal),
    logger: false,
    disableAutoIdle: true,
    tls: { servername: host.servername },
  });
  // A dropped connection emits 'error'; the pending command rejects on its own.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function connect(ctx: DriverContext): Promise<ImapFlow> {
  const oauth = imapOf(ctx).auth === 'oauth2';
  try {
    return await signIn(ctx, false).catch((error: { authenticationFailed?: boolean }) => {
      // A token the server no longer takes (revoked early): renew it once; a refused renewal is `reauthorize`.
      if (oauth && error.authenticationFailed) return signIn(ctx, true);
      throw error;
    });
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    const failure = error as { authenticationFailed?: boolean; code?: string };
    // The server's own refusal is shown; anything short of it (refused, reset, timeout, TLS) is unreachable.
    if (failure.authenticationFailed) throw new ConnectorError('healthCheckFailed', 'IMAP AUTHENTICATIONFAILED');
    throw unreachable(`IMAP ${failure.code ?? 'ECONNECTION'}`);
  }
}

async function withClient<T>(ctx: DriverContext, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = await connect(ctx);
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * IMAP keywords are 7-bit atoms (RFC 3501 §9): accents are dropped ("Résiliation" → "Resiliation"),
 * and spaces, parentheses, braces, quotes, wildcards, backslashes and other characters become `_`.
 */
export const keywordOf = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x21-\x7e]|[(){}%*"\\\]]/g, '_')
    .replace(/_+/g, '_')
    .slice(0, 100);

const parseId = (id: string) => {
  const match = /^(.*):(\d+):(\d+)$/.exec(id);
  if (match === null) throw new ConnectorError('healthCheckFailed', `message id ${id.slice(0, 100)}`);
  return { folder: match[1]!, uidValidity: match[2]!, uid: match[3]! };
};

/** A label's folder name: the server's hierarchy delimiter and control characters are not allowed in it. */
export const folderNameOf = (label: string, delimiter: string) => label.replace(/\p{Cc}/gu, '').split(delimiter).join('_').trim().slice(0, 200);

/**
 * Copies the message (selected folder, by UID) into `parent/label` for each label, creating the
 * folders when missing (an existing one answers ALREADYEXISTS, which imapflow takes as done);
 * imapflow encodes the names (modified UTF-7) and joins them with the server's delimiter. Each
 * message is written back once (claimed with a lease), so it is copied once.
 */
async function copyIntoLabelFolders(client: ImapFlow, uid: string, parent: string, labels: readonly string[]): Promise<void> {
  const delimiter = (await client.list()).find((entry) => entry.delimiter)?.delimiter ?? '/';
  for (const label of labels) {
    const name = folderNameOf(label, delimiter);
    if (name === '') continue;
    const created = await client.mailboxCreate([parent, name]);
    await client.messageCopy(uid, created?.path ?? [parent, name].join(delimiter), { uid: true });
  }
}

export const imapDriver: ConnectorDriver = {
  customFieldsAsLabels: true,
  /** OAuth 2.0 sign-in (settings `auth: oauth2`): the provider's consent page, back to the webmail's callback route. */
  oauth: {
    callbackPath: CONNECTOR_PROFILES.imap.callbackPath,
    configuredRedirectUri: (ctx) => imapOf(ctx).oauth.redirectUri,
    authorizationUrl: mailAuthorizationUrl,
    tokenEndpoint: (ctx, redirectUri) => mailOAuthClient(ctx, redirectUri),
  },
  /** With a password, a mail server is authorized by logging in (and to SMTP when replies are sent). */
  async authorizeNow(ctx) {
    try {
      await imapDriver.healthCheck(ctx);
    } catch (error) {
      throw error instanceof ConnectorError && error.code === 'healthCheckFailed' ? new ConnectorError('authorizationFailed', error.detail) : error;
    }
  },

  async healthCheck(ctx) {
    await withClient(ctx, async (client) => {
      const status = await client.status(imapOf(ctx).folder, { messages: true }).catch(() => null);
      if (status === null) throw new ConnectorError('healthCheckFailed', `IMAP STATUS ${imapOf(ctx).folder}: NONEXISTENT`);
    });
    if (imapOf(ctx).smtp.sendReplies) await verifySmtp(ctx);
  },

  async fetch(ctx, from, to) {
    const { folder } = imapOf(ctx);
    return withClient(ctx, async (client) => {
      const lock = await client.getMailboxLock(folder);
      try {
        const mailbox = client.mailbox;
        const uidValidity = mailbox === false ? '0' : String(mailbox.uidValidity);
        // SEARCH SINCE compares dates only, in the server's time zone: a day earlier finds every
        // candidate, and the period is applied exactly on each message's received date below.
        const uids = (await client.search({ since: new Date(from.getTime() - 24 * 3_600_000) }, { uid: true })) || [];
        const items: (MailItem & { at: number })[] = [];
        if (uids.length === 0) return [];
        for await (const message of client.fetch(uids, { uid: true, internalDate: true, source: true }, { uid: true })) {
          const at = new Date(message.internalDate ?? 0).getTime();
          if (at < from.getTime() || at >= to.getTime() || !message.source) continue;
          const headers = await headersOf(message.source);
          items.push({ id: `${folder}:${uidValidity}:${message.uid}`, raw: message.source, from: headers.from, subject: headers.subject, at });
        }
        return items.sort((a, b) => a.at - b.at);
      } finally {
        lock.release();
      }
    });
  },

  async writeBack(ctx, messageId, result) {
    const { folder, uidValidity, uid } = parseId(messageId);
    const settings = imapOf(ctx);
    await withClient(ctx, async (client) => {
      let original: Buffer | undefined;
      const lock = await client.getMailboxLock(folder);
      try {
        if (client.mailbox === false || String(client.mailbox.uidValidity) !== uidValidity) throw new ConnectorError('healthCheckFailed', `UIDVALIDITY ${uidValidity} → ${client.mailbox === false ? '—' : String(client.mailbox.uidValidity)}`);
        const labels = [...new Set(Object.values(result.tags).flat())];
        if (settings.labelAs === 'folders') await copyIntoLabelFolders(client, uid, settings.labelsFolder, labels);
        else {
          const keywords = [...new Set(labels.map(keywordOf))].filter((keyword) => keyword !== '');
          if (keywords.length > 0) await client.messageFlagsAdd(uid, keywords, { uid: true });
        }
        if (result.draft !== null) {
          const found = await client.fetchOne(uid, { source: true }, { uid: true });
          original = found === false ? undefined : found.source;
        }
      } finally {
        lock.release();
      }
      if (result.draft !== null && original) {
        const headers = await headersOf(original);
        const saveDraft = async () => {
          await client.mailboxCreate(settings.draftsFolder).catch(() => undefined);
          await client.append(settings.draftsFolder, replyDraftSource({ ...headers, to: headers.to || settings.user }, result.draft!), ['\\Draft']);
        };
        if (!shouldSend(settings, result.categories ?? [])) return saveDraft();
        let sent: Buffer;
        try {
          sent = await sendReply(ctx, headers, result.draft);
        } catch (error) {
          // Not sent: the reply waits in Drafts for a person, and the failure is the connector's last error.
          await saveDraft();
          throw error;
        }
        // SEND_REPLY: sent, answered, and kept in the Sent folder rather than left in Drafts.
        await client.mailboxCreate(settings.smtp.sentFolder).catch(() => undefined);
        await client.append(settings.smtp.sentFolder, sent, ['\\Seen']);
        await markAnswered(client, folder, uid);
      }
    });
  },
};

async function markAnswered(client: ImapFlow, folder: string, uid: string): Promise<void> {
  const lock = await client.getMailboxLock(folder);
  try {
    await client.messageFlagsAdd(uid, ['\\Answered'], { uid: true });
  } finally {
    lock.release();
  }
}
