/**
 * The chat client against a local server speaking the OpenAI protocol (server/test-support/llm-server.ts):
 * what it sends (model, messages with images, the JSON schema, the key) and every way an answer can
 * go wrong, each with its stable code.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatReply, startLlmTestServer, type LlmTestServer } from '../test-support/llm-server';
import { chatCompletion, retryWaitMs } from './chat';
import { llmConfig, type LlmConfig } from './config';

let llm: LlmTestServer;
let config: LlmConfig;

beforeAll(async () => {
  llm = await startLlmTestServer();
  config = llmConfig({ POSTROOM_LLM_BASE_URL: `${llm.url}/v1/`, POSTROOM_LLM_API_KEY: 'sk-local', POSTROOM_LLM_MODEL: 'vision-small', POSTROOM_LLM_TIMEOUT_MS: '400' })!;
});
afterAll(() => llm.close());
afterEach(() => llm.reset());

const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };

describe('llmConfig', () => {
  it('is null without a base URL and fills the defaults otherwise', () => {
    expect(llmConfig({})).toBeNull();
    expect(llmConfig({ POSTROOM_LLM_BASE_URL: 'https://api.example.com/v1' })).toEqual({
      baseUrl: 'https://api.example.com',
      model: 'gpt-4o-mini',
      transcriptionModel: 'whisper-1',
      timeoutMs: 120_000,
      maxAttempts: 3,
    });
  });
});

describe('chatCompletion', () => {
  it('sends the model, the messages with their images, the schema and the key, and reads the text', async () => {
    llm.queue(chatReply('{"category":"claim"}', { model: 'vision-small-2026' }));
    const answer = await chatCompletion(config, {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Which category?' }, image] }],
      jsonSchema: { name: 'vision', schema: { type: 'object', properties: { category: { type: 'string', enum: ['claim'] } }, required: ['category'], additionalProperties: false } },
    });
    expect(answer).toEqual({ ok: true, text: '{"category":"claim"}', model: 'vision-small-2026', attempts: 1, usage: { promptTokens: 10, completionTokens: 5 } });
    expect(llm.requests).toHaveLength(1);
    const sent = llm.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-local');
    expect(sent.body).toMatchObject({
      model: 'vision-small',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Which category?' }, image] }],
      response_format: { type: 'json_schema', json_schema: { name: 'vision', strict: true, schema: { required: ['category'] } } },
    });
  });

  it('waits as a 429 asks and tries again, then gives up after the last attempt', async () => {
    llm.queue({ status: 429, headers: { 'retry-after-ms': '30' } }, chatReply('ok'));
    const retried = await chatCompletion(config, { messages: [{ role: 'user', content: 'hello' }] });
    expect(retried).toMatchObject({ ok: true, text: 'ok', attempts: 2 });

    llm.reset();
    llm.queue(...Array.from({ length: 3 }, () => ({ status: 429, headers: { 'retry-after': '0' } })));
    const limited = await chatCompletion(config, { messages: [{ role: 'user', content: 'hello' }] });
    expect(limited).toMatchObject({ ok: false, code: 'llmRateLimited', status: 429, attempts: 3, reason: { key: 'reason.rateLimited' } });
    expect(llm.requests).toHaveLength(3);
  });

  it('answers each failure with its code and translated reason: timeout, refusal, HTTP error, malformed, unreachable', async () => {
    const ask = (c: LlmConfig = config) => chatCompletion(c, { messages: [{ role: 'user', content: 'hello' }] });
    llm.queue({ ...chatReply('late'), delayMs: 1500 });
    expect(await ask()).toMatchObject({ ok: false, code: 'llmTimeout', reason: { key: 'reason.timeoutAfter' } });
    llm.queue(chatReply('', { refusal: "I can't help with that." }));
    expect(await ask()).toMatchObject({ ok: false, code: 'llmRefused', message: expect.stringContaining("I can't help"), reason: { key: 'reason.refused', params: { detail: "I can't help with that." } } });
    llm.queue(chatReply('', { finishReason: 'content_filter' }));
    expect(await ask()).toMatchObject({ ok: false, code: 'llmRefused', reason: { key: 'reason.contentFiltered' } });
    llm.queue({ status: 500, body: { error: { message: 'boom' } } });
    // The service's own body is the technical detail; our English message stays in the logs.
    expect(await ask()).toMatchObject({ ok: false, code: 'llmHttpError', status: 500, reason: { key: 'reason.httpStatus', params: { status: 500, detail: '{"error":{"message":"boom"}}' } } });
    llm.queue({ body: 'not json' });
    expect(await ask()).toMatchObject({ ok: false, code: 'llmMalformed', reason: { key: 'reason.notJson', params: { detail: 'not json' } } });
    llm.queue({ body: { choices: [] } });
    expect(await ask()).toMatchObject({ ok: false, code: 'llmMalformed', reason: { key: 'reason.emptyAnswer' } });
    // fetch's "fetch failed" hides the socket's ECONNREFUSED in its cause: the reason says it.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await ask({ ...config, baseUrl: `http://127.0.0.1:${port}` })).toMatchObject({ ok: false, code: 'llmUnreachable', reason: { key: 'reason.connectionRefused' } });
  });
});

describe('retryWaitMs', () => {
  it('reads retry-after-ms, retry-after in seconds or as a date, caps the wait, and backs off without one', () => {
    expect(retryWaitMs(new Headers({ 'retry-after-ms': '250' }), 1)).toBe(250);
    expect(retryWaitMs(new Headers({ 'retry-after': '2' }), 1)).toBe(2000);
    expect(retryWaitMs(new Headers({ 'retry-after': '3600' }), 1)).toBe(20_000);
    expect(retryWaitMs(new Headers({ 'retry-after': new Date(Date.now() + 5000).toUTCString() }), 1)).toBeGreaterThan(3000);
    expect(retryWaitMs(new Headers(), 1)).toBe(1000);
    expect(retryWaitMs(new Headers(), 3)).toBe(4000);
  });
});
