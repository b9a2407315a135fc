/**
 * A local server speaking the OpenAI-compatible API the platform calls (/v1/chat/completions, and
 * /v1/audio/transcriptions), for tests: the third party we cannot reach in CI, replaced by its
 * protocol on a loopback port. It records every request (path, headers, JSON body) and answers what
 * the test queued, in order, then the default answer.
 *
 * Tests in the same process use `queue`/`setDefault`/`requests`; tests in another process (browser
 * tests, where the server was started by the global setup) use the control routes:
 * `POST /__control/queue` (a JSON array of replies), `POST /__control/default` (one reply),
 * `GET /__control/requests`, `POST /__control/reset`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedLlmRequest {
  path: string;
  authorization: string | null;
  /** The JSON body (chat); for multipart (transcription) the raw text in latin1. */
  body: unknown;
}

export interface LlmReply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
}

export interface LlmTestServer {
  /** The base URL to put in POSTROOM_LLM_BASE_URL. */
  url: string;
  requests: RecordedLlmRequest[];
  queue(...replies: LlmReply[]): void;
  setDefault(reply: LlmReply): void;
  reset(): void;
  close(): Promise<void>;
}

/** An OpenAI chat completion whose first choice says `content`. */
export function chatReply(content: string, options: { model?: string; refusal?: string; finishReason?: string } = {}): LlmReply {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: options.model ?? 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: options.refusal ? null : content, refusal: options.refusal ?? null }, finish_reason: options.finishReason ?? 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    },
  };
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startLlmTestServer(): Promise<LlmTestServer> {
  const requests: RecordedLlmRequest[] = [];
  let queued: LlmReply[] = [];
  let fallback: LlmReply = { status: 503, body: { error: { message: 'no answer queued by the test' } } };
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const path = request.url ?? '';
    const json = () => JSON.parse(raw.toString('utf8') || 'null') as unknown;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      if (path === '/__control/queue') return (queued.push(...(json() as LlmReply[])), send(204, ''));
      if (path === '/__control/default') return ((fallback = json() as LlmReply), send(204, ''));
      if (path === '/__control/requests') return send(200, requests);
      if (path === '/__control/reset') return (requests.length = 0, (queued = []), send(204, ''));
      const multipart = (request.headers['content-type'] ?? '').startsWith('multipart/');
      requests.push({ path, authorization: request.headers.authorization ?? null, body: multipart ? raw.toString('latin1') : json() });
      const reply = queued.shift() ?? fallback;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (!response.destroyed) send(reply.status ?? 200, reply.body ?? {}, reply.headers);
    } catch (error) {
      send(400, { error: { message: (error as Error).message } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    queue: (...replies) => void queued.push(...replies),
    setDefault: (reply) => void (fallback = reply),
    reset: () => {
      requests.length = 0;
      queued = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
