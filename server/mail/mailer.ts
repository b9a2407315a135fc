/**
 * Outgoing mail (password reset, invitations). With `SMTP_URL` it goes through nodemailer to that
 * server; without, nodemailer still renders the real RFC 822 message and we write it as an .eml file
 * to `<data dir>/outbox/`, so the demo works offline and the mail can be opened in any mail client (or
 * in Postroom's own files viewer). The log names that file, never what it holds: a reset or
 * invitation link carries a live token, and logs are read by more people, and kept longer, than an
 * owner-only folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from?: string;
  /** Where the outbox announces the file it wrote (the server's logger); never the mail's content. */
  log?: (details: { file: string }, message: string) => void;
}

export const DEFAULT_FROM = 'Postroom <no-reply@postroom.test>';

/** File names sort by time and never collide, even for two mails in the same millisecond. */
let sequence = 0;
function outboxFileName(): string {
  sequence = (sequence + 1) % 1000;
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(3, '0')}.eml`;
}

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  if (options.smtpUrl !== undefined) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const rendered = await renderer.sendMail({ from, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(options.outboxDir, outboxFileName());
      await writeFile(file, rendered.message as Buffer, { mode: 0o600 });
      options.log?.({ file }, 'mail written to the outbox');
    },
  };
}
