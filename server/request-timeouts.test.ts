/**
 * A client that stops sending is let go: a real server on 127.0.0.1 with short timeouts,
 * and raw sockets that send headers and part of a body, then stall or trickle.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, type TestServer } from './test-support/test-server';

const TIMEOUTS = { headersMs: 600, bodyMs: 400, uploadStallMs: 400, requestMs: 20_000, keepAliveMs: 300, checkIntervalMs: 100 };
let server: TestServer;
let port: number;
let token: string;

beforeAll(async () => {
  server = await createTestServer({ timeouts: TIMEOUTS });
  token = await signIn(server.app, 'admin');
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => server.close());

interface Outcome {
  /** What the server wrote before closing. */
  received: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
  /** Milliseconds from the last byte received to the close (how long the connection stayed idle). */
  idleBeforeCloseMs: number;
}

/** Opens a socket, runs `send` on it, and resolves when the server closes it (or fails after `limitMs`). */
function converse(send: (socket: Socket) => void, limitMs = 5_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    let lastDataAt = started;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${limitMs} ms; received: ${received.slice(0, 200)}`));
    }, limitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString();
      lastDataAt = Date.now();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limit);
      resolve({ received, closedAfterMs: Date.now() - started, idleBeforeCloseMs: Date.now() - lastDataAt });
    });
    socket.on('connect', () => send(socket));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function jsonHead(path: string, length: number): string {
  return [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

describe('a JSON body that stops coming', () => {
  it.each([
    ['an access key', '/v4/console/api/environment/demo-ic-prod/access-keys', '{"name":"stalled key"}'],
    ['a sign-in', '/api/login_check', '{"username":"admin","password":"whatever-it-is"}'],
    ['a simulated mail', '/v4/console/api/environment/demo-ic-prod/analyses/simulated-mail', '{"sender":"a@b.c","recipient":"c@d.e"}'],
  ])('is cut off with 408 requestTimeout when half of %s arrived', async (_, path, body) => {
    const outcome = await converse((socket) => {
      socket.write(jsonHead(path, body.length) + body.slice(0, Math.floor(body.length / 2)));
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.received).toContain('"code":"requestTimeout"');
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.bodyMs - 50);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.bodyMs + 2_500);
  });

  it('is cut off at the body deadline even when a byte keeps coming now and then (no slowloris)', async () => {
    const body = `{"name":"${'x'.repeat(200)}"}`;
    const outcome = await converse((socket) => {
      socket.write(jsonHead('/v4/console/api/environment/demo-ic-prod/access-keys', body.length));
      let sent = 0;
      const trickle = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return clearInterval(trickle);
        socket.write(body[sent]!);
        sent += 1;
      }, 50);
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.bodyMs + 2_500);
  });

  it('is answered normally when it arrives in time', async () => {
    const body = '{"name":"prompt key"}';
    const outcome = await converse((socket) => {
      socket.write(jsonHead('/v4/console/api/environment/demo-ic-prod/access-keys', body.length).replace('Host: 127.0.0.1', 'Host: 127.0.0.1\r\nConnection: close'));
      setTimeout(() => socket.write(body), 100);
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 201/);
  });
});

describe('a kept-alive connection', () => {
  it('holds nothing of the requests it carried once they are answered', async () => {
    const serverSide = new Promise<Socket>((resolve) => server.app.server.once('connection', resolve));
    const body = '{"name":""}';
    const request = jsonHead('/v4/console/api/environment/demo-ic-prod/access-keys', body.length) + body;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const answered = async (count: number) => {
      while ((received.match(/HTTP\/1\.1 /g) ?? []).length < count) await sleep(10);
    };
    try {
      socket.write(request);
      await answered(1);
      const connection = await serverSide;
      const afterOne = connection.listenerCount('close');
      // Twenty more, pipelined on the same connection.
      socket.write(request.repeat(20));
      await answered(21);
      expect(received).toMatch(/^HTTP\/1\.1 400/);
      expect(connection.listenerCount('close')).toBe(afterOne);
    } finally {
      socket.destroy();
    }
  });
});

describe('an upload', () => {
  const boundary = 'stallboundary';
  const head = (length: number) =>
    [
      'POST /v4/console/api/environment/demo-ic-prod/analyses HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
  const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.eml"\r\nContent-Type: message/rfc822\r\n\r\n`;
  const partEnd = `\r\n--${boundary}--\r\n`;

  it('may take longer than the body deadline while bytes keep coming, and is then accepted', async () => {
    const content = `Subject: slow\r\n\r\n${'y'.repeat(30)}`;
    const body = partHead + content + partEnd;
    const outcome = await converse(async (socket) => {
      socket.write(head(Buffer.byteLength(body)) + partHead);
      // 30 bytes, one every 50 ms: 1.5 s in all, well past bodyMs, never 400 ms without a byte.
      for (const char of content) {
        await sleep(50);
        socket.write(char);
      }
      socket.write(partEnd);
    }, 10_000);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 201/);
    expect(outcome.closedAfterMs).toBeGreaterThan(TIMEOUTS.bodyMs + 500);
  });

  it.each([
    ['after the headers', ''],
    ['in the middle of a file', `${partHead}Subject: cut\r\n\r\nhal`],
  ])('is cut off once it stalls %s', async (_, sent) => {
    const outcome = await converse((socket) => {
      socket.write(head(100_000) + sent);
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.uploadStallMs + 2_500);
  });
});

describe('connections', () => {
  it.each([
    ['nothing at all', ''],
    ['half a request line', 'GET /api/open'],
    ['headers without their end', 'GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '],
  ])('are closed when a client sends %s and stalls', async (_, sent) => {
    const outcome = await converse((socket) => {
      if (sent !== '') socket.write(sent);
    });
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + 2_500);
  });

  it('close an idle kept-alive connection after its answer', async () => {
    const outcome = await converse((socket) => {
      socket.write('GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200/);
    // Counted from the answer's last byte: building the OpenAPI document is not the idle time.
    expect(outcome.idleBeforeCloseMs).toBeLessThan(TIMEOUTS.keepAliveMs + 2_500);
  });
});
