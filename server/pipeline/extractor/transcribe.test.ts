/**
 * MP3 transcripts through an OpenAI-compatible /v1/audio/transcriptions endpoint: a local HTTP
 * server started here speaks it (multipart file and model in, { text } out), and the extractor's
 * notes say when no service is configured or when it fails.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractorSettingsSchema } from '../../../src/contract/environments';
import { extract, type ExtractorFile } from './extract';
import { MeteredParser } from './metered-parser';

const parser = new MeteredParser();
const received: { path: string; authorization?: string; body: string }[] = [];
let server: Server;
let baseUrl: string;
let status = 200;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? JSON.stringify({ text: 'Bonjour, je souhaite résilier mon contrat AB-77812.' }) : '{"error":{"message":"overloaded"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  parser.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  status = 200;
});

const mp3: ExtractorFile = {
  id: 'a',
  name: 'message-vocal.mp3',
  role: 'main',
  contentType: 'audio/mpeg',
  content: new Uint8Array(readFileSync(new URL('../../../test-fixtures/audio/silence.mp3', import.meta.url))),
};
const settings = (transcript: boolean) => extractorSettingsSchema.parse({ parser: { audio: { transcript }, global: { useCache: false } } });

describe('MP3 transcripts', () => {
  it('sends the file and model to /v1/audio/transcriptions and keeps the text', async () => {
    vi.stubEnv('POSTROOM_LLM_BASE_URL', `${baseUrl}/v1`);
    vi.stubEnv('POSTROOM_LLM_API_KEY', 'sk-local');
    vi.stubEnv('POSTROOM_LLM_TRANSCRIPTION_MODEL', 'whisper-large-v3');
    const { result, failures } = await extract([mp3], settings(true), parser);
    expect(result.documents[0]!.blocks.map((block) => block.text)).toEqual(['Bonjour, je souhaite résilier mon contrat AB-77812.']);
    expect(result.documents[0]!.notes).toEqual(['Transcribed by whisper-large-v3.']);
    expect(failures).toEqual([]);
    const last = received.at(-1)!;
    expect(last.path).toBe('/v1/audio/transcriptions');
    expect(last.authorization).toBe('Bearer sk-local');
    expect(last.body).toContain('filename="message-vocal.mp3"');
    expect(last.body).toMatch(/name="model"\r\n\r\nwhisper-large-v3/);
  });

  it('says so when transcript is off or no service is configured, and fails the part when the service does', async () => {
    vi.stubEnv('POSTROOM_LLM_BASE_URL', '');
    expect((await extract([mp3], settings(false), parser)).result.documents[0]!.notes).toEqual(['No text extracted: audio files are only transcribed when transcript is on.']);
    expect((await extract([mp3], settings(true), parser)).result.documents[0]!.notes).toEqual(['No text extracted: no transcription service is configured (POSTROOM_LLM_BASE_URL).']);
    vi.stubEnv('POSTROOM_LLM_BASE_URL', baseUrl);
    status = 503;
    const failed = await extract([mp3], settings(true), parser);
    expect(failed.failures).toEqual(['The transcript of "message-vocal.mp3" failed: the transcription service answered 503: {"error":{"message":"overloaded"}}']);
  });
});
