/**
 * The mail-server connector's OAuth 2.0 sign-in and SEND_REPLY, end to end against real servers the
 * test starts: Debian's Dovecot with its own `oauth2` passdb (SASL XOAUTH2 / OAUTHBEARER, each token
 * judged by introspection at a local OAuth 2.0 server), and an SMTP server that speaks the protocol
 * (`smtp-server`, PLAIN and XOAUTH2). Authorization through the consent page with PKCE and state and
 * the webmail's callback route, a run signed in with the token, the reply sent by SMTP with its
 * threading headers and kept in Sent, the token renewed, "reauthorize", and the SMTP login checked.
 */
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisDetail } from '../../src/contract/analyses';
import type { Connector } from '../../src/contract/integrations';
import { connectors } from '../db/schema-integrations';
import { createOutboundClient } from '../outbound/client';
import { connectorsPath, startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { dovecotBinary, startDovecot, type DovecotServer } from '../test-support/dovecot';
import { MAIL_OAUTH_TEST_CLIENT, startMailOAuthServer, type MailOAuthTestServer } from '../test-support/mail-oauth-server';
import { startSmtpTestServer, type SmtpTestServer } from '../test-support/smtp-test-server';
import { verifySmtp } from './drivers/smtp';
import { connectorRound } from './job';

const binary = dovecotBinary();
if (binary === null) console.warn('SKIPPED: the IMAP OAuth 2.0 and SMTP tests need Dovecot (apt-get install -y dovecot-imapd), which is not installed.');

const ENV = 'demo-nlu-recette';
const base = connectorsPath(ENV);
const USER = 'mailbox@example.com';
const lastDay = () => ({ fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString() });

describe.skipIf(binary === null)('the mail-server connector with OAuth 2.0 and SMTP', () => {
  let oauth: MailOAuthTestServer;
  let dovecot: DovecotServer;
  let smtp: SmtpTestServer;
  let h: ConnectorHarness;
  let mailbox: ImapFlow;
  let connector: Connector;

  beforeAll(async () => {
    oauth = await startMailOAuthServer(USER);
    dovecot = await startDovecot(binary!, { user: USER, password: 'imap-test-password' }, { oauth2IntrospectionUrl: oauth.introspectionUrl });
    smtp = await startSmtpTestServer({ user: USER, password: dovecot.password, userOfToken: oauth.userOf });
    // The Google preset's pages point at the local server too.
    h = await startConnectorHarness({ googleAuthorizeUrl: `${oauth.url}/authorize`, googleTokenUrl: `${oauth.url}/token` });
    mailbox = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: USER, pass: dovecot.password }, logger: false });
    await mailbox.connect();
  }, 60_000);
  afterAll(async () => {
    await mailbox?.logout().catch(() => undefined);
    await h?.close();
    await dovecot?.stop();
    await smtp?.close();
    await oauth?.close();
  });

  const imap = (extra: Record<string, unknown> = {}) => ({
    host: dovecot.host,
    port: dovecot.port,
    tls: false,
    user: USER,
    startDate: new Date(Date.now() - 3_600_000).toISOString(),
    auth: 'oauth2',
    oauth: { provider: 'custom', clientId: MAIL_OAUTH_TEST_CLIENT.clientId, authorizationUrl: `${oauth.url}/authorize`, tokenUrl: `${oauth.url}/token`, scopes: 'mail offline' },
    smtp: { sendReplies: true, host: smtp.host, port: smtp.port, tls: false, categories: ['Résiliation'] },
    ...extra,
  });
  const listed = async (id: string) => (await h.call('GET', base)).json<{ connectors: Connector[] }>().connectors.find((item) => item.id === id)!;
  const inFolder = async (folder: string) => {
    const lock = await mailbox.getMailboxLock(folder);
    try {
      // The folder may already be open: NOOP brings in what other sessions appended since.
      await mailbox.noop();
      const found: { subject: string; flags: string[]; source: string }[] = [];
      for await (const message of mailbox.fetch('1:*', { envelope: true, flags: true, source: true })) found.push({ subject: message.envelope?.subject ?? '', flags: [...(message.flags ?? [])], source: message.source?.toString() ?? '' });
      return found;
    } finally {
      lock.release();
    }
  };

  it('refuses OAuth 2.0 without a client id, and sending without an SMTP host', async () => {
    const noClient = await h.call('POST', base, { name: 'Boîte', settings: { type: 'imap', imap: imap({ oauth: { provider: 'google', clientId: '' } }) } });
    expect(noClient.statusCode).toBe(400);
    const noHost = await h.call('POST', base, { name: 'Boîte', settings: { type: 'imap', imap: imap({ auth: 'password', smtp: { sendReplies: true } }) }, secrets: { password: 'x' } });
    expect(noHost.statusCode).toBe(400);
  });

  it('is authorized on the consent page with PKCE and state, back through the webmail callback route', async () => {
    const created = await h.call('POST', base, { name: 'Boîte OAuth', settings: { type: 'imap', imap: imap() }, secrets: { clientSecret: MAIL_OAUTH_TEST_CLIENT.clientSecret } });
    expect(created.statusCode, created.body).toBe(201);
    connector = created.json<Connector>();
    expect(connector).toMatchObject({ state: 'needsAuthorization', secretsSet: ['clientSecret'] });
    expect((await h.call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: false, code: 'connectorNotAuthorized' });

    const started = (await h.call('POST', `${base}/${connector.id}/authorize`)).json<{ kind: string; url: string }>();
    expect(started.kind).toBe('redirect');
    const consent = new URL(started.url);
    expect(consent.origin + consent.pathname).toBe(`${oauth.url}/authorize`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({ code_challenge_method: 'S256', scope: 'mail offline', login_hint: USER, redirect_uri: 'http://localhost/integrations/gmail/callback' });
    const back = new URL((await fetch(started.url, { redirect: 'manual' })).headers.get('location')!);
    const body = { state: back.searchParams.get('state'), code: back.searchParams.get('code') };
    const done = await h.call('POST', `${base}/oauth-callback`, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ connector: { state: 'authorized' } });
    expect((await h.call('POST', `${base}/oauth-callback`, body)).json()).toMatchObject({ code: 'invalidOAuthState' });
    const [row] = await h.server.handle.db.select().from(connectors).where(eq(connectors.id, connector.id));
    expect(JSON.stringify(row)).not.toMatch(/mail-at-|mail-rt-|postroom-mail-secret/);
  });

  it('signs in to the real Dovecot with the token (and to SMTP): the health check passes', async () => {
    const before = oauth.state().introspections;
    expect((await h.call('POST', `${base}/${connector.id}/health`)).json()).toEqual({ ok: true, code: null, detail: null });
    // Dovecot's oauth2 passdb (IMAP) and the SMTP server each asked the token server.
    expect(oauth.state().introspections).toBeGreaterThan(before);
    expect(smtp.refusals).toEqual([]);
  });

  it('runs signed in with the token, sends the reply of a chosen category by SMTP, and keeps it in Sent', async () => {
    const messageId = `<${Date.now()}.resiliation@example.com>`;
    await mailbox.append('INBOX', [`From: Bob <bob@example.com>`, `To: ${USER}`, 'Subject: Résiliation', `Message-ID: ${messageId}`, 'References: <earlier@example.com>', 'Content-Type: text/plain; charset=utf-8', '', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.', ''].join('\r\n'));
    await h.call('POST', `${base}/${connector.id}/runs`, lastDay());
    await connectorRound(h.deps, 'test');
    expect(await h.latestRun(ENV, connector.id)).toMatchObject({ status: 'done', created: 1 });
    const [analysis] = await h.settledAnalyses(ENV, 1, connector.id);
    const detail = (await h.call('GET', `/v4/console/api/environment/${ENV}/analyses/${analysis!.id}`)).json<AnalysisDetail>();
    const draft = (detail.modules.find((module) => module.type === 'replyTemplate')?.result as { draft?: string } | null)?.draft;
    expect(draft).toBeTruthy();
    await connectorRound(h.deps, 'test');
    expect((await listed(connector.id)).lastError).toBeNull();

    expect(smtp.delivered).toHaveLength(1);
    const sent = smtp.delivered[0]!;
    expect(sent).toMatchObject({ user: USER, mailFrom: USER, rcptTo: ['bob@example.com'] });
    const parsed = await PostalMime.parse(sent.raw);
    expect(parsed).toMatchObject({ subject: 'Re: Résiliation', inReplyTo: messageId, references: `<earlier@example.com> ${messageId}` });
    expect(parsed.text?.trim()).toBe(draft!.trim());

    const copies = await inFolder('Sent');
    expect(copies).toHaveLength(1);
    expect(copies[0]!.subject).toBe('Re: Résiliation');
    expect(copies[0]!.flags).toContain('\\Seen');
    expect((await inFolder('Drafts')).map((message) => message.subject)).not.toContain('Re: Résiliation');
    expect((await inFolder('INBOX')).find((message) => message.subject === 'Résiliation')!.flags).toEqual(expect.arrayContaining(['\\Answered', 'Resiliation']));
  }, 90_000);

  it('renews a token the server no longer takes, and asks to reauthorize when renewal is refused (§8)', async () => {
    oauth.expireTokens();
    expect((await h.call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: true });
    expect(oauth.state().tokenRequests.at(-1)).toBe('refresh_token');
    oauth.config.refuseRefresh = true;
    oauth.expireTokens();
    expect((await h.call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: false, code: 'reauthorize' });
    expect((await listed(connector.id)).state).toBe('reauthorize');
    oauth.config.refuseRefresh = false;
  }, 30_000);

  it('asks Google for the mail scope and a refresh token with the Google preset', async () => {
    const created = await h.call('POST', base, { name: 'Gmail IMAP', settings: { type: 'imap', imap: imap({ oauth: { provider: 'google', clientId: MAIL_OAUTH_TEST_CLIENT.clientId } }) }, secrets: { clientSecret: 'x' } });
    const started = (await h.call('POST', `${base}/${created.json<Connector>().id}/authorize`)).json<{ url: string }>();
    expect(Object.fromEntries(new URL(started.url).searchParams)).toMatchObject({ scope: 'https://mail.google.com/', access_type: 'offline', prompt: 'consent' });
  });

  it('checks the SMTP login when a password connector that sends replies is authorized, and sends only the chosen categories', async () => {
    const closedPort = smtp.port === 1 ? 2 : 1;
    const body = (port: number, categories: string[]) => ({
      name: 'Boîte mot de passe',
      settings: { type: 'imap', imap: imap({ auth: 'password', smtp: { sendReplies: true, host: smtp.host, port, tls: false, categories } }) },
      secrets: { password: dovecot.password },
    });
    const created = (await h.call('POST', base, body(closedPort, ['Sinistre']))).json<Connector>();
    const refused = await h.call('POST', `${base}/${created.id}/authorize`);
    // An SMTP server that does not answer is one generic answer, like any unreachable server.
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'targetRefused', providerCode: null });
    await h.call('PUT', `${base}/${created.id}`, { ...body(smtp.port, ['Sinistre']), outputMappings: created.outputMappings });
    expect((await h.call('POST', `${base}/${created.id}/authorize`)).json()).toMatchObject({ kind: 'done', connector: { state: 'authorized' } });

    // The Résiliation message again, for this connector: not a chosen category, so its reply waits in Drafts.
    const sentBefore = smtp.delivered.length;
    await h.call('POST', `${base}/${created.id}/runs`, lastDay());
    await connectorRound(h.deps, 'test');
    await h.settledAnalyses(ENV, 1, created.id);
    await connectorRound(h.deps, 'test');
    expect((await listed(created.id)).lastError).toBeNull();
    expect(smtp.delivered).toHaveLength(sentBefore);
    expect((await inFolder('Drafts')).map((message) => message.subject)).toContain('Re: Résiliation');

    // SMTP down: the reply is not lost, it waits in Drafts, and the connector says it could not reach
    // the server (one answer for every unreachable server: integrations/errors.ts).
    await h.call('PUT', `${base}/${created.id}`, { ...body(closedPort, []), outputMappings: created.outputMappings });
    const draftsBefore = (await inFolder('Drafts')).length;
    await h.call('POST', `${base}/${created.id}/runs`, { ...lastDay(), forceDuplicates: true });
    await connectorRound(h.deps, 'test');
    await h.settledAnalyses(ENV, 2, created.id);
    await connectorRound(h.deps, 'test');
    expect((await listed(created.id)).lastError).toMatchObject({ code: 'targetRefused', detail: null });
    expect(smtp.delivered).toHaveLength(sentBefore);
    expect(await inFolder('Drafts')).toHaveLength(draftsBefore + 1);

    // Signing in another way is authorized again before the connector runs.
    const switched = await h.call('PUT', `${base}/${created.id}`, { ...body(smtp.port, []), settings: { type: 'imap', imap: imap() }, outputMappings: created.outputMappings });
    expect(switched.json()).toMatchObject({ state: 'needsAuthorization', active: false });
  }, 60_000);

  it('refuses a private SMTP server unless the operator allows private targets', async () => {
    const ctx = { settings: connector.settings, secrets: { password: 'x' }, saveSecrets: async () => undefined, outbound: createOutboundClient({ allowPrivate: false }), integrations: h.deps.integrations };
    await expect(verifySmtp(ctx)).rejects.toMatchObject({ code: 'targetRefused' });
  });
});
