/** The RFC 822 source of a reply draft to a message (Gmail drafts and IMAP Drafts folders take the same). */
import { randomUUID } from 'node:crypto';

export interface Original {
  from: string;
  to: string;
  subject: string;
  messageId: string | null;
}

/** Header values never carry line breaks (header injection from a subject or a sender). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function replyDraftSource(original: Original, body: string, now = new Date()): string {
  const subject = oneLine(original.subject);
  const headers = [
    `From: ${oneLine(original.to)}`,
    `To: ${oneLine(original.from)}`,
    `Subject: ${/^re:/i.test(subject) ? subject : `Re: ${subject}`}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomUUID()}@postroom.draft>`,
    ...(original.messageId ? [`In-Reply-To: ${oneLine(original.messageId)}`, `References: ${oneLine(original.messageId)}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ];
  const encoded = Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${encoded}\r\n`;
}
