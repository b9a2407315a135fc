/**
 * Mails the run's server wrote to its outbox (no SMTP in tests). Every scenario file shares that
 * server, so the outbox holds other files' mails too (invitations, resets): a scenario finds its mail
 * by its own recipient, never as "the file that appeared since", which another file's mail can be.
 */
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { readOutbox, type OutboxMail } from '../../../server/test-support/outbox';

/** Waits for the mail sent to `address` (sent after the page's answer) and returns it. */
export async function mailTo(address: string): Promise<OutboxMail> {
  const outbox = join(inject('dataDir'), 'outbox');
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(outbox)).find((mail) => mail.to === address);
      return found !== undefined;
    }, { message: `a mail to ${address} in the outbox` })
    .toBe(true);
  return found!;
}
