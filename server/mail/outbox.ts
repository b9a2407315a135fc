/**
 * Outgoing mail without SMTP: each mail is written as a file to the outbox folder
 * (`<data dir>/outbox/` for `npm start`), where a developer or a test reads it. One JSON file per
 * mail, named so that a directory listing sorts them by time.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Folder the mails are written to. */
  readonly outboxDir: string;
  sendMail(mail: Mail): Promise<void>;
}

export function createOutboxMailer(outboxDir: string): Mailer {
  return {
    outboxDir,
    async sendMail(mail) {
      // Owner-only: mails carry sign-up and reset links.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      await writeFile(join(outboxDir, name), `${JSON.stringify({ ...mail, date: new Date().toISOString() }, null, 2)}\n`, {
        mode: 0o600,
      });
    },
  };
}
