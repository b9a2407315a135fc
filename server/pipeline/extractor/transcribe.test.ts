/**
 * MP3 transcripts through an OpenAI-compatible /v1/audio/transcriptions endpoint: the local server
 * of server/test-support/llm-server.ts speaks it (multipart file and model in, { text } out), and the extractor's
 * notes say when no service is configured or when it fails.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractorSettingsSchema } from '../../../src/contract/environments';
import { startLlmTestServer, type LlmTestServer } from '../../test-support/llm-server';
import { extract, type ExtractorFile } from './extract';
import { MeteredParser } from './metered-parser';
import { inEnglish } from '../../test-support/pipeline-text';

const parser = new MeteredParser();
let llm: LlmTestServer;

beforeAll(async () => {
  llm = await startLlmTestServer();
  llm.setDefault({ body: { text: 'Bonjour, je souhaite résilier mon contrat AB-77812.' } });
});
afterAll(async () => {
  await llm.close();
  parser.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  llm.reset();
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
    vi.stubEnv('POSTROOM_LLM_BASE_URL', `${llm.url}/v1`);
    vi.stubEnv('POSTROOM_LLM_API_KEY', 'sk-local');
    vi.stubEnv('POSTROOM_LLM_TRANSCRIPTION_MODEL', 'whisper-large-v3');
    const { result, failures } = await extract([mp3], settings(true), parser);
    expect(result.documents[0]!.blocks.map((block) => block.text)).toEqual(['Bonjour, je souhaite résilier mon contrat AB-77812.']);
    expect(result.documents[0]!.notes.map(inEnglish)).toEqual(['Transcribed by whisper-large-v3.']);
    expect(failures).toEqual([]);
    const last = llm.requests.at(-1)!;
    expect(last.path).toBe('/v1/audio/transcriptions');
    expect(last.authorization).toBe('Bearer sk-local');
    expect(String(last.body)).toContain('filename="message-vocal.mp3"');
    expect(String(last.body)).toMatch(/name="model"\r\n\r\nwhisper-large-v3/);
  });

  it('says so when transcript is off or no service is configured, and fails the part when the service does', async () => {
    vi.stubEnv('POSTROOM_LLM_BASE_URL', '');
    expect((await extract([mp3], settings(false), parser)).result.documents[0]!.notes.map(inEnglish)).toEqual(['No text extracted: audio files are only transcribed when transcript is on.']);
    expect((await extract([mp3], settings(true), parser)).result.documents[0]!.notes.map(inEnglish)).toEqual(['No text extracted: no transcription service is configured (POSTROOM_LLM_BASE_URL).']);
    vi.stubEnv('POSTROOM_LLM_BASE_URL', llm.url);
    llm.queue({ status: 503, body: { error: { message: 'overloaded' } } });
    const failed = await extract([mp3], settings(true), parser);
    expect(failed.failures?.map(inEnglish)).toEqual(['The transcript of "message-vocal.mp3" failed: the remote service answered with HTTP status 503 (technical detail: {"error":{"message":"overloaded"}})']);
  });
});
