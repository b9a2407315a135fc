import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResetToken } from '../auth/reset-tokens';
import { auditLogs, users } from '../db/schema';
import { DEMO_PASSWORD, demoUserId } from '../db/seed-data';
import { createMailer } from '../mail/mailer';
import { waitForMail } from '../test-support/outbox';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

/** A real SMTP server on loopback, as the platform's mail relay would be. */
interface Received {
  to: string[];
  subject: string;
  text: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let server: TestServer;

// The canonical spelling the console sends (the default port is not written).
const RECOVERY = 'http://localhost/reset-password/';
const NEW_PASSWORD = 'Nouveau-mot-2-passe!';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      new Response(stream as unknown as ReadableStream).arrayBuffer().then((raw) => PostalMime.parse(raw)).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
  server = await createTestServer({
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, outboxDir: '/nonexistent' }),
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const forgot = (email: string, recovery = RECOVERY) =>
  server.app.inject({
    method: 'POST',
    url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent(recovery)}`,
    headers: { host: 'localhost:80' },
    payload: { email },
  });
const check = (token: string) => server.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${token}` });
const reset = (token: string, password: string, confirmation = password) =>
  server.app.inject({ method: 'PUT', url: '/users/password/forgotten', payload: { token, password, confirmation } });
const login = (username: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });
const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization: `Bearer ${token}` } });
const refresh = (refreshToken: string) =>
  server.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: refreshToken } });

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const tokenOf = (text: string): string => {
  const link = text.split(/\s+/).find((word) => word.startsWith(RECOVERY));
  if (link === undefined) throw new Error(`no reset link in: ${text}`);
  return link.slice(RECOVERY.length);
};

describe('forgotten password, through a real SMTP server', () => {
  it('mails a link that checks, resets the password once, and signs in with the new one', async () => {
    // An unknown address first: same answer, and no mail.
    const unknown = await forgot('nobody@nowhere.test');
    const known = await forgot('Qualifier@demo.postroom.test');
    expect([unknown.statusCode, known.statusCode]).toEqual([204, 204]);
    expect(unknown.body).toBe(known.body);

    const mail = await waitFor(() => received.find((m) => m.to.includes('qualifier@demo.postroom.test')), 'the mail');
    expect(received).toHaveLength(1);
    expect(mail.subject).toMatch(/mot de passe/);
    const token = tokenOf(mail.text);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ username: 'qualifier' });

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'invalidPassword', rules: ['tooShort', 'noDigit', 'noUppercase', 'noSpecial'] });
    const differ = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(differ.json()).toMatchObject({ code: 'passwordsDiffer' });
    // Refused attempts do not spend the link.
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);

    expect((await login('qualifier', DEMO_PASSWORD)).json()).toMatchObject({ code: 'wrongPassword' });
    expect((await login('qualifier', NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    expect((await check(token)).json()).toMatchObject({ code: 'invalidLink' });
    expect((await reset(token, `${NEW_PASSWORD}2`)).statusCode).toBe(404);
  });

  it('refuses a recovery URL pointing at another site', async () => {
    const response = await forgot('admin@demo.postroom.test', 'https://evil.test/reset/');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'foreignRecoveryUrl' });
  });

  it('refuses a link older than an hour, and a made-up one', async () => {
    const old = await createResetToken(server.handle.db, demoUserId('viewer'), new Date(Date.now() - 61 * 60 * 1000));
    expect((await check(old)).statusCode).toBe(404);
    expect((await check('made-up-token')).json()).toEqual({ message: "Ce lien n'est pas valide ou a expiré.", code: 'invalidLink' });
  });
});

describe('expired password', () => {
  it('answers 410 with a reset token that sets a new password and clears the expiry', async () => {
    const gone = await login('expired', DEMO_PASSWORD);
    expect(gone.statusCode).toBe(410);
    const token = gone.json<{ refresh_token: string }>().refresh_token;
    expect((await check(token)).json()).toEqual({ username: 'expired' });
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await login('expired', NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await server.handle.db.select().from(users).where(eq(users.username, 'expired'));
    expect(row?.passwordExpired).toBe(false);
    // A public call, audited in the name of the account whose password changed.
    const entries = await server.handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'password.forgottenReset'));
    expect(entries).toContainEqual(
      expect.objectContaining({ actorUsername: 'expired', targetType: 'user', targetId: demoUserId('expired') }),
    );
  });
});

describe('PUT /v4/console/api/user/password', () => {
  const change = (token: string, body: object, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'PUT',
      url: '/v4/console/api/user/password',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: body,
    });

  it('needs the current password and the rules, and is refused to a ghosted session', async () => {
    const token = await signIn(server.app, 'viewer');
    const wrong = await change(token, { currentPassword: 'nope', password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(wrong.json()).toMatchObject({ code: 'wrongCurrentPassword' });
    const weak = await change(token, { currentPassword: DEMO_PASSWORD, password: 'abcdefghijkl', confirmation: 'abcdefghijkl' });
    expect(weak.json()).toMatchObject({ code: 'invalidPassword', rules: ['noDigit', 'noUppercase', 'noSpecial'] });

    const support = await signIn(server.app, 'support');
    const ghosted = await change(
      support,
      { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
      { 'x-switch-user': demoUserId('viewer') },
    );
    expect(ghosted.statusCode).toBe(403);

    const ok = await change(token, { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await login('viewer', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every session opened before the change, and hands this one a new pair', async () => {
    const other = (await login('configurator', DEMO_PASSWORD)).json<{ token: string; refresh_token: string }>();
    const mine = await signIn(server.app, 'configurator');
    expect((await me(other.token)).statusCode).toBe(200);

    const changed = await change(mine, { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json<{ token: string; refresh_token: string }>();

    // The old access tokens (another browser's and this one's) and the old refresh token are refused at once.
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    // The new pair works, and renews.
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await refresh(fresh.refresh_token)).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session opened before it', async () => {
    const before = (await login('guest', DEMO_PASSWORD)).json<{ token: string; refresh_token: string }>();
    const token = await createResetToken(server.handle.db, demoUserId('guest'));
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await me(before.token)).statusCode).toBe(401);
    expect((await refresh(before.refresh_token)).statusCode).toBe(401);
    const after = (await login('guest', NEW_PASSWORD)).json<{ token: string }>();
    expect((await me(after.token)).statusCode).toBe(200);
  });
});

describe('the outbox, without SMTP', () => {
  it('writes the reset mail as an .eml file holding the link', async () => {
    const offline = await createTestServer();
    try {
      const response = await offline.app.inject({
        method: 'POST',
        url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent(RECOVERY)}`,
        headers: { host: 'localhost:80' },
        payload: { email: 'admin@demo.postroom.test' },
      });
      expect(response.statusCode).toBe(204);
      const mail = await waitForMail(offline.outboxDir);
      expect(mail.file).toMatch(/\.eml$/);
      expect(mail.to).toBe('admin@demo.postroom.test');
      const token = tokenOf(mail.text);
      const checked = await offline.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${token}` });
      expect(checked.json()).toEqual({ username: 'admin' });
    } finally {
      await offline.close();
    }
  });
});
