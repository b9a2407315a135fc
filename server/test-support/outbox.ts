/** Reads the mails a server wrote to its outbox (.eml files, see server/mail/mailer.ts), oldest first. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await PostalMime.parse(await readFile(join(outboxDir, file)));
      return { file, to: mail.to?.[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
}

/** Polls until `pick` finds a mail (mail is sent after the answer, see routes/passwords.ts). */
export async function waitForMail(
  outboxDir: string,
  pick: (mail: OutboxMail) => boolean = () => true,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(outboxDir)).filter(pick).at(-1);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail in ${outboxDir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
