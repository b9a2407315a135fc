/**
 * Outlook messages whose sender is an Exchange (X.500) address: the SMTP address is shown when the
 * file holds one — PidTagSenderSmtpAddress (0x5D01), PidTagSentRepresentingSmtpAddress (0x5D02), or
 * a recipient entry with the same X.500 address and its PidTagSmtpAddress (0x39FE) — and never the
 * X.500 string itself. Real Outlook files from the shared fixtures, and test-fixtures/msg (one
 * property added to a real one, test-fixtures/make-ex-sender-msg.mjs).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMsg } from './msg';

const shared = (name: string) => new Uint8Array(readFileSync(new URL(`../../../shared/fixtures/msg/${name}`, import.meta.url)));
const own = (name: string) => new Uint8Array(readFileSync(new URL(`../../test-fixtures/msg/${name}`, import.meta.url)));
const SMTP = 'ku@digitaldolphins.onmicrosoft.com';

describe('Exchange (X.500) senders of Outlook messages', () => {
  it.each(['A schedule.msg', 'Friday Lunch.msg'])('%s: takes the SMTP address of the recipient entry with the sender’s X.500 address', async (name) => {
    const { model } = await parseMsg(shared(name));
    expect(model.from).toEqual({ name: 'UnoKenji', address: SMTP });
  });

  it('takes PidTagSenderSmtpAddress (0x5D01) of an EX sender', async () => {
    const { model } = await parseMsg(own('ex-sender-5d01.msg'));
    expect(model.from).toEqual({ name: 'UnoKenji', address: SMTP });
    expect(model.sender).toBeUndefined();
  });

  it('takes PidTagSentRepresentingSmtpAddress (0x5D02) of an EX sender, with no second sender row for the same person', async () => {
    const { model } = await parseMsg(own('ex-sender-5d02.msg'));
    expect(model.from).toEqual({ name: 'UnoKenji', address: SMTP });
    expect(model.sender).toBeUndefined();
  });

  it('shows the name alone, never the X.500 string, when the file holds no SMTP address for the sender', async () => {
    const { model } = await parseMsg(shared('sent2.msg'));
    expect(model.from).toEqual({ name: 'UnoKenji' });
  });
});
