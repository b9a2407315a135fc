/**
 * Without SMTP, mails land in the outbox and the log says where: it must never hold the reset link or
 * its token (logs travel to more people, and live longer, than the owner-only outbox). The app's log
 * stream is captured with the mailer wired to it as `server/main.ts` does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { waitForMail } from '../test-support/outbox';
import { createTestServer, type TestServer } from '../test-support/test-server';

const lines: string[] = [];
const outboxDir = mkdtempSync(join(tmpdir(), 'postroom-outbox-log-'));
let server: TestServer;

beforeAll(async () => {
  // The mailer logs through the app it is given to, as in main.ts: bound once the app exists.
  const late: { app?: FastifyInstance } = {};
  server = await createTestServer({
    logger: { level: 'info' },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter((line) => line !== ''));
        done();
      },
    }),
    mailer: createMailer({ outboxDir, log: (details, message) => late.app?.log.info(details, message) }),
  });
  late.app = server.app;
});
afterAll(async () => {
  await server.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

it('logs the outbox file of a reset mail, never its link or token', async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent('http://localhost/reset-password/')}`,
    payload: { email: 'admin@demo.postroom.test' },
  });
  expect(response.statusCode).toBe(204);
  const mail = await waitForMail(outboxDir);
  const token = /\/reset-password\/([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toMatch(/^[\w-]{20,}$/);
  // The log line is written after the file: wait for it rather than for a fixed time.
  for (let i = 0; i < 100 && !lines.some((line) => line.includes('mail written to the outbox')); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const written = lines.filter((line) => line.includes('mail written to the outbox'));
  expect(written).toHaveLength(1);
  expect(JSON.parse(written[0]!)).toMatchObject({ file: join(outboxDir, mail.file) });
  const log = lines.join('\n');
  expect(log).not.toContain(token);
  expect(log).not.toContain('reset-password/');
});
