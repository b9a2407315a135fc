/**
 * SEND_REPLY for the mail-server connector: the reply draft is sent through the organisation's SMTP
 * server (nodemailer) instead of waiting in Drafts, signed in like IMAP (password, or the same OAuth
 * 2.0 access token with XOAUTH2), threaded with In-Reply-To and References. The message is rendered
 * once, so the bytes sent are the bytes kept in the Sent folder. The host goes through the outbound
 * policy (mail-host.ts). Off by default; the health check signs in to SMTP too when it is on.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { ImapSettings } from '../../../src/contract/integrations';
import { ConnectorError, unreachable } from '../errors';
import { checkedMailHost } from './mail-host';
import { mailLogin } from './mail-oauth';
import type { DriverContext } from './types';

/** The message replied to (mail-headers.ts). */
export interface RepliedMessage {
  from: string;
  to: string;
  subject: string;
  messageId: string | null;
  references: string | null;
}

const imapOf = (ctx: DriverContext): ImapSettings => {
  if (ctx.settings.type !== 'imap') throw new Error('not a mail-server connector');
  return ctx.settings.imap;
};

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** Whether this message's reply is sent: SEND_REPLY on, and the message in one of the chosen categories (or any). */
export function shouldSend(settings: ImapSettings, categories: readonly string[]): boolean {
  if (!settings.smtp.sendReplies) return false;
  return settings.smtp.categories.length === 0 || settings.smtp.categories.some((chosen) => categories.includes(chosen));
}

async function transport(ctx: DriverContext): Promise<Transporter> {
  const { smtp } = imapOf(ctx);
  const host = await checkedMailHost(ctx, smtp.host);
  const login = await mailLogin(ctx);
  return nodemailer.createTransport({
    host: host.address,
    port: smtp.port,
    secure: smtp.tls,
    tls: { servername: host.servername },
    auth: 'accessToken' in login ? { type: 'OAuth2', user: login.user, accessToken: login.accessToken } : { user: login.user, pass: login.pass },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    logger: false,
  });
}

/**
 * nodemailer's failures as the connector's: no server sentence beyond its response code. Details are
 * technical tokens (codes, statuses, names), never an English sentence: the console shows them as the
 * technical detail of a translated text (docs/development/messages.md, "Messages d'échec / failure reasons").
 */
function smtpFailure(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const failure = error as { code?: string; responseCode?: number };
  if (failure.code === 'EAUTH') return new ConnectorError('healthCheckFailed', 'SMTP EAUTH');
  // A response code came from the server; without one it was never reached (integrations/errors.ts).
  if (failure.responseCode !== undefined) return new ConnectorError('healthCheckFailed', `SMTP ${failure.responseCode}`);
  return unreachable(`SMTP ${failure.code ?? 'ECONNECTION'}`);
}

/** Signs in to the SMTP server (the health check and the authorization, when sending is on). */
export async function verifySmtp(ctx: DriverContext): Promise<void> {
  let client: Transporter | undefined;
  try {
    client = await transport(ctx);
    await client.verify();
  } catch (error) {
    throw smtpFailure(error);
  } finally {
    client?.close();
  }
}

/** The reply's sender: the setting, else the IMAP user when it is an address, else the address written to. */
const senderOf = (settings: ImapSettings, original: RepliedMessage) => settings.smtp.from || (settings.user.includes('@') ? settings.user : original.to);

/** Sends the reply and answers the bytes sent (kept in the Sent folder). */
export async function sendReply(ctx: DriverContext, original: RepliedMessage, body: string): Promise<Buffer> {
  const settings = imapOf(ctx);
  if (original.from === '') throw new ConnectorError('healthCheckFailed', 'From: —');
  const subject = oneLine(original.subject);
  const from = senderOf(settings, original);
  const references = [...(original.references ?? '').split(/\s+/), original.messageId ?? ''].filter((id) => id !== '');
  const rendered = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }).sendMail({
    from,
    to: original.from,
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    text: body,
    ...(original.messageId ? { inReplyTo: oneLine(original.messageId) } : {}),
    ...(references.length > 0 ? { references: references.map(oneLine) } : {}),
  });
  const raw = rendered.message as Buffer;
  let client: Transporter | undefined;
  try {
    client = await transport(ctx);
    await client.sendMail({ envelope: { from, to: [original.from] }, raw });
  } catch (error) {
    throw smtpFailure(error);
  } finally {
    client?.close();
  }
  return raw;
}
