/**
 * Logs say sizes and ids, never values (once, a 5 MB parameter became a 15 MB log line). The
 * log stream of a real app is captured while requests carry 5 MB values in every place a request
 * can hold one, and while a real database error (whose message and fields carry the query's
 * parameters) fails a request with a 500.
 */
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/open';
import { createMailer } from './mail/mailer';
import { openMigratedTestDatabase } from './test-support/test-database';
import { multipart } from './test-support/multipart';
import { signIn, TEST_JWT_SECRET } from './test-support/test-server';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FIVE_MB = 5 * 1024 * 1024;
/** A value no log line may carry: 5 MB of one marker, so even a slice of it is found. */
const MARKER = 'Q';
const huge = (extra = '') => `${MARKER.repeat(FIVE_MB)}${extra}`;
const lines: string[] = [];
let handle: DatabaseHandle;
let app: FastifyInstance;
let auth: { authorization: string };

beforeAll(async () => {
  handle = await openMigratedTestDatabase({ seed: true });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter((line) => line !== ''));
      done();
    },
  });
  app = buildApp({
    db: handle.db,
    jwtSecret: TEST_JWT_SECRET,
    mailer: createMailer({ outboxDir: mkdtempSync(join(tmpdir(), 'postroom-log-')) }),
    logger: { level: 'info' },
    logStream: stream,
  });
  // A route of the test only (outside the API): a real query that PostgreSQL refuses, with a 5 MB parameter.
  app.post('/test-only/failing-query', async () => {
    await handle.db.execute(sql`select ${huge('\u0000')}::text as value`);
    return { ok: true };
  });
  await app.ready();
  auth = { authorization: `Bearer ${await signIn(app, 'admin')}` };
}, 60_000);
afterAll(async () => {
  await app.close();
  await handle.close();
});

/** The log lines written while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<string[]> {
  const start = lines.length;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.slice(start);
}

function expectSmall(written: string[]): void {
  expect(written.length).toBeGreaterThan(0);
  for (const line of written) {
    expect(line.length, line.slice(0, 300)).toBeLessThan(8_000);
    expect(line).not.toContain(MARKER.repeat(600));
  }
}

describe('log lines', () => {
  it('keep a 500 from a database error to the type and the sizes, not the 5 MB parameter', async () => {
    const written = await logged(async () => {
      const response = await app.inject({ method: 'POST', url: '/test-only/failing-query', payload: {} });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(MARKER.repeat(10));
    });
    expectSmall(written);
    const error = written.map((line) => JSON.parse(line) as { msg: string; err?: { type: string; message: string } }).find((entry) => entry.msg === 'request failed');
    expect(error?.err?.message).toMatch(/params: \(\d+ characters, not logged\)/);
  });

  it('keep a 5 MB value in the path, the query, a JSON body or a multipart part out of the request lines', async () => {
    const written = await logged(async () => {
      await app.inject({ method: 'GET', url: `/v4/console/api/environment/demo-ic-prod/analyses?search=${huge()}`, headers: auth });
      await app.inject({ method: 'GET', url: `/v4/console/api/environment/${huge()}/analyses`, headers: auth });
      await app.inject({ method: 'GET', url: `/${huge()}`, headers: auth });
      await app.inject({ method: 'POST', url: '/v4/console/api/environment/demo-ic-prod/access-keys', headers: auth, payload: { name: huge() } });
      await app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin', password: huge() } });
      await app.inject({
        method: 'POST',
        url: '/v4/console/api/environment/demo-ic-prod/analyses/simulated-mail',
        headers: auth,
        payload: { sender: 'a@b.c', recipient: 'c@d.e', metadata: { [huge()]: huge() } },
      });
      const body = await multipart({ fields: { metadata: JSON.stringify({ key: huge() }) }, file: { name: 'a.eml', content: 'Subject: x\r\n\r\nx' } });
      await app.inject({ method: 'POST', url: '/v4/console/api/environment/demo-ic-prod/analyses', headers: { ...auth, ...body.headers }, payload: body.payload });
    });
    expect(written.length).toBeGreaterThanOrEqual(6);
    expectSmall(written);
  }, 60_000);

  it('keep an error logged by the pipeline (app.log) small too', async () => {
    const written = await logged(async () => {
      const failure = await handle.db.execute(sql`select ${huge('\u0000')}::text as value`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      app.log.error({ err: failure, analysisId: 'a1' }, 'analysis run failed');
    });
    expectSmall(written);
    expect(JSON.parse(written[0]!)).toMatchObject({ analysisId: 'a1', err: { type: expect.any(String), message: expect.stringContaining('characters') } });
  });
});
