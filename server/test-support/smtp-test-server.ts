/**
 * A local SMTP server for the mail-server connector's SEND_REPLY tests (`smtp-server`, from
 * nodemailer's authors): a real SMTP session on a loopback port, sign-in required — PLAIN/LOGIN with
 * the mailbox's password, or XOAUTH2 with an access token judged by a callback (the local OAuth
 * server's introspection) — and every accepted message kept with its envelope and its bytes.
 * STARTTLS is off: the connector is told `tls: false` (plain, as with the test Dovecot).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  /** Who signed in to send it. */
  user: string;
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface SmtpTestServer {
  host: string;
  port: number;
  delivered: DeliveredMail[];
  /** Sign-ins refused, by method (the test of a wrong password or a dead token). */
  refusals: string[];
  close(): Promise<void>;
}

export async function startSmtpTestServer(accounts: { user: string; password: string; userOfToken: (token: string) => string | null }): Promise<SmtpTestServer> {
  const delivered: DeliveredMail[] = [];
  const refusals: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
    logger: false,
    onAuth(auth, _session, callback) {
      const accepted =
        auth.method === 'XOAUTH2' ? accounts.userOfToken(auth.accessToken ?? '') === auth.username : auth.username === accounts.user && auth.password === accounts.password;
      if (!accepted) {
        refusals.push(auth.method);
        return callback(new Error('Invalid credentials'));
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({
          user: String(session.user ?? ''),
          mailFrom: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.server.address() as AddressInfo).port,
    delivered,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
