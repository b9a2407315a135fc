// @vitest-environment jsdom
/**
 * The files viewer's header view of Outlook messages whose sender is an Exchange (X.500) address: the
 * real parser's model rendered by EmailView shows the SMTP address the file holds (a recipient entry
 * with the same X.500 address, or PidTagSenderSmtpAddress), never the X.500 string.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { parseMsg } from '../../parsing/msg';
import { EmailView } from './email-view';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(cleanup);

// jsdom's import.meta.url is not a file: URL; tests run from the repository root, shared/ beside it.
const fixture = (...parts: string[]) => resolve(process.cwd(), ...parts);

async function show(path: string) {
  const { model, blobs } = await parseMsg(new Uint8Array(readFileSync(path)));
  render(<EmailView email={model} blobs={blobs} fileName="message.msg" onOpenAttachment={() => undefined} />);
  const row = (label: string) => screen.queryAllByRole('row').find((tr) => tr.querySelector('th')?.textContent === label)?.querySelector('td')?.textContent;
  return { from: row('De'), sender: row('Expéditeur') };
}

describe('Exchange senders in the header view', () => {
  it('shows the SMTP address of the recipient entry with the sender’s X.500 address (real Outlook meeting)', async () => {
    expect(await show(fixture('../shared/fixtures/msg/A schedule.msg'))).toEqual({ from: 'UnoKenji <ku@digitaldolphins.onmicrosoft.com>', sender: undefined });
  });

  it('shows PidTagSenderSmtpAddress of an EX sender', async () => {
    const { from } = await show(fixture('test-fixtures/msg/ex-sender-5d01.msg'));
    expect(from).toBe('UnoKenji <ku@digitaldolphins.onmicrosoft.com>');
    expect(screen.queryByText(/EXCHANGELABS/i)).toBeNull();
  });
});
