/**
 * Attacks on mailed links: a reset or invitation link pointed at an attacker's site through
 * Host, Origin, X-Forwarded-Host or a foreign recovery_url, and mail floods of the forgotten-password
 * form. Links are built only on the configured public URL and console origins.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, throttles } from '../db/schema';
import { readOutbox, waitForMail } from '../test-support/outbox';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { rmSync } from 'node:fs';

const PUBLIC_URL = 'https://console.example.com';
const DEV_CONSOLE = 'http://dev.example:5173';
const EVIL = 'evil.example';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer({ publicUrl: PUBLIC_URL, consoleOrigins: [DEV_CONSOLE] });
  admin = await signIn(server.app, 'admin');
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.handle.db.delete(throttles);
  rmSync(server.outboxDir, { recursive: true, force: true });
});

const forgot = (email: string, recoveryUrl: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent(recoveryUrl)}`,
    headers,
    payload: { email },
    remoteAddress,
  });

// Anything a mail client could turn into a link: a scheme, or `//`, up to white space.
const linksIn = (text: string) => text.match(/(?:[a-z][\w+.-]*:)?\/\/[^\s]+/giu) ?? [];

/** Waits for `count` mails, then a little longer to see that no other one follows. */
async function settledMails(count: number) {
  if (count > 0) await waitForMail(server.outboxDir, () => true);
  for (let i = 0; i < 100 && (await readOutbox(server.outboxDir)).length < count; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 400));
  return readOutbox(server.outboxDir);
}

describe('reset links', () => {
  it.each([
    ['Host', { host: EVIL }],
    ['Origin', { origin: `http://${EVIL}` }],
    ['X-Forwarded-Host', { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'http' }],
    ['no header at all', {}],
  ])('refuses a recovery_url on another site, whatever %s says', async (_label, headers) => {
    const response = await forgot('admin@demo.postroom.test', `http://${EVIL}/reset-password/`, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'foreignRecoveryUrl' });
    // The listening address is not an accepted origin once a public URL is configured.
    expect((await forgot('admin@demo.postroom.test', 'http://localhost/reset-password/', headers)).statusCode).toBe(400);
    expect(await settledMails(0)).toEqual([]);
  });

  // Each form either names another site outright or hides a second address (or a token catcher)
  // behind the console's own reset page; a mail client would show the rest as a second link.
  it.each([
    ['a space then another address', `${PUBLIC_URL}/reset-password/ https://${EVIL}/?t=`, 'invalidRecoveryUrl'],
    ['a tab then another address', `${PUBLIC_URL}/reset-password/\thttps://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a newline then another address', `${PUBLIC_URL}/reset-password/\nhttps://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a carriage return', `${PUBLIC_URL}/reset-password/\r\nhttps://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a no-break space', `${PUBLIC_URL}/reset-password/\u00a0https://${EVIL}/`, 'invalidRecoveryUrl'],
    ['an ideographic space', `${PUBLIC_URL}/reset-password/\u3000https://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a line separator', `${PUBLIC_URL}/reset-password/\u2028https://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a zero-width space', `${PUBLIC_URL}/reset-password/\u200bhttps://${EVIL}/`, 'invalidRecoveryUrl'],
    ['an escape control character', `${PUBLIC_URL}/reset-password/\u001bhttps://${EVIL}/`, 'invalidRecoveryUrl'],
    ['an encoded space', `${PUBLIC_URL}/reset-password/%20https://${EVIL}/`, 'invalidRecoveryUrl'],
    ['an encoded newline', `${PUBLIC_URL}/reset-password/%0Ahttps://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a backslash then another address', `${PUBLIC_URL}/reset-password/\\${EVIL}/`, 'invalidRecoveryUrl'],
    ['backslashes for slashes', `https:\\\\${EVIL}\\reset-password\\`, 'invalidRecoveryUrl'],
    ['credentials before the console', `https://user:pass@console.example.com/reset-password/`, 'invalidRecoveryUrl'],
    ['the console as credentials of another host', `https://console.example.com@${EVIL}/reset-password/`, 'foreignRecoveryUrl'],
    ['a query string', `${PUBLIC_URL}/reset-password/?next=https://${EVIL}/`, 'invalidRecoveryUrl'],
    ['a fragment', `${PUBLIC_URL}/reset-password/#https://${EVIL}/`, 'invalidRecoveryUrl'],
    ['another page of the console', `${PUBLIC_URL}/login?to=`, 'invalidRecoveryUrl'],
    ['a scheme-relative address', `//${EVIL}/reset-password/`, 'invalidRecoveryUrl'],
    ['a javascript: address', 'javascript:alert(1)//', 'foreignRecoveryUrl'],
    ['another scheme on the console host', 'http://console.example.com/reset-password/', 'foreignRecoveryUrl'],
    ['another port on the console host', 'https://console.example.com:8443/reset-password/', 'foreignRecoveryUrl'],
    ['a look-alike host', 'https://console.example.com.evil.example/reset-password/', 'foreignRecoveryUrl'],
  ])('refuses a recovery_url with %s, and mails nothing', async (_label, recoveryUrl, code) => {
    const response = await forgot('admin@demo.postroom.test', recoveryUrl);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
    expect(await settledMails(0)).toEqual([]);
  });

  it('mails exactly one link, on the public URL, carrying the token once', async () => {
    await server.handle.db.delete(passwordResetTokens);
    expect((await forgot('configurator@demo.postroom.test', `${PUBLIC_URL}/reset-password/`)).statusCode).toBe(204);
    const [mail] = await settledMails(1);
    const links = linksIn(mail!.text);
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!);
    expect(url.origin).toBe(PUBLIC_URL);
    const token = url.pathname.slice('/reset-password/'.length);
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(mail!.text.split(token)).toHaveLength(2);
    const check = await server.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${token}` });
    expect(check.json()).toEqual({ username: 'configurator' });
  });

  it('mails a link on the public URL even when every header names the attacker', async () => {
    const response = await forgot('admin@demo.postroom.test', `${PUBLIC_URL}/reset-password/`, {
      host: EVIL,
      origin: `http://${EVIL}`,
      'x-forwarded-host': EVIL,
    });
    expect(response.statusCode).toBe(204);
    const [mail] = await settledMails(1);
    const links = linksIn(mail!.text);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.startsWith(`${PUBLIC_URL}/reset-password/`))).toBe(true);
    expect(mail!.text).not.toContain(EVIL);
  });

  it('accepts a console origin listed in POSTROOM_CONSOLE_ORIGINS', async () => {
    expect((await forgot('admin@demo.postroom.test', `${DEV_CONSOLE}/reset-password/`)).statusCode).toBe(204);
    const [mail] = await settledMails(1);
    expect(linksIn(mail!.text)[0]).toMatch(new RegExp(`^${DEV_CONSOLE}/reset-password/`));
  });
});

describe('invitation links', () => {
  const invite = (username: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/v4/console/api/organisation/demo/invitations',
      headers: { authorization: `Bearer ${admin}`, ...headers },
      payload: {
        firstname: 'Nina',
        lastname: 'Nouvelle',
        username,
        email: `${username}@example.test`,
        position: null,
        profiles: [],
      },
    });

  it.each([
    ['Host', 'inv-host', { host: EVIL }],
    ['Origin', 'inv-origin', { origin: `https://${EVIL}` }],
    ['X-Forwarded-Host', 'inv-forwarded', { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' }],
  ])('builds the link on the public URL whatever %s says', async (_label, username, headers) => {
    expect((await invite(username, headers)).statusCode).toBe(201);
    const [mail] = await settledMails(1);
    const links = linksIn(mail!.text);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.startsWith(`${PUBLIC_URL}/invitation/`))).toBe(true);
  });

  it('uses a configured console origin when the admin works there', async () => {
    expect((await invite('inv-dev', { origin: DEV_CONSOLE })).statusCode).toBe(201);
    const [mail] = await settledMails(1);
    expect(linksIn(mail!.text).every((link) => link.startsWith(`${DEV_CONSOLE}/invitation/`))).toBe(true);
  });
});

describe('forgotten-password floods', () => {
  const recovery = `${PUBLIC_URL}/reset-password/`;
  const users = ['admin', 'configurator', 'qualifier', 'viewer', 'guest', 'light', 'sre', 'support', 'expired'];

  it('mails at most the per-address limit from one address, answering every request the same', async () => {
    const answers = [];
    // 12 requests over 9 accounts: 10 are served, whatever the accounts.
    for (let i = 0; i < 12; i += 1) answers.push(await forgot(`${users[i % users.length]}@demo.postroom.test`, recovery));
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(new Set(['204 ']));
    expect(await settledMails(10)).toHaveLength(10);
  });

  it('mails one account at most the per-account limit, even from many addresses', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await forgot('viewer@demo.postroom.test', recovery, {}, `198.51.100.${i + 1}`)).statusCode).toBe(204);
    }
    expect(await settledMails(3)).toHaveLength(3);
  });

  it('makes older unused links invalid when a new one is sent', async () => {
    await server.handle.db.delete(passwordResetTokens);
    const token = (text: string) => linksIn(text)[0]!.slice(recovery.length);
    await forgot('guest@demo.postroom.test', recovery);
    const first = token((await settledMails(1))[0]!.text);
    await forgot('guest@demo.postroom.test', recovery);
    const second = token((await settledMails(2)).at(-1)!.text);
    expect(second).not.toBe(first);
    const check = (value: string) => server.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${value}` });
    expect((await check(first)).json()).toMatchObject({ code: 'invalidLink' });
    expect((await check(second)).json()).toEqual({ username: 'guest' });
  });
});

describe('without POSTROOM_PUBLIC_URL', () => {
  it('accepts the listening address (and its loopback spellings) only, whatever the Host header says', async () => {
    // A second server (no demo users needed): its own PGlite takes seconds to start.
    const plain = await createTestServer({ seed: false });
    try {
      const address = await plain.app.listen({ port: 0, host: '127.0.0.1' });
      const port = new URL(address).port;
      const send = (recovery: string, host?: string) =>
        fetch(`${address}/users/password/forgotten/send?recovery_url=${encodeURIComponent(recovery)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(host === undefined ? {} : { 'x-forwarded-host': host }) },
          body: JSON.stringify({ email: 'nobody@example.test' }),
        });
      expect((await send(`http://127.0.0.1:${port}/reset-password/`)).status).toBe(204);
      expect((await send(`http://localhost:${port}/reset-password/`)).status).toBe(204);
      expect((await send(`http://${EVIL}:${port}/reset-password/`, EVIL)).status).toBe(400);
      // Another port of the same machine is another site.
      expect((await send(`http://127.0.0.1:${Number(port) + 1}/reset-password/`)).status).toBe(400);
    } finally {
      await plain.close();
    }
  }, 90_000);
});
