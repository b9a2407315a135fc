/**
 * MP3 transcripts (§3 audio "transcript") through an OpenAI-compatible speech-to-text service:
 * POST {POSTROOM_LLM_BASE_URL}/v1/audio/transcriptions (multipart `file` and `model`), answered with
 * `{ "text": … }`, with the POSTROOM_LLM_* settings of server/llm/config.ts (the transcription model
 * is POSTROOM_LLM_TRANSCRIPTION_MODEL). Without a service configured audio is not transcribed and the
 * document's note says so.
 */
import { authorization, type LlmConfig } from '../../llm/config';

export type Transcript = { ok: true; text: string } | { ok: false; message: string };

export async function transcribe(config: LlmConfig, name: string, bytes: Uint8Array): Promise<Transcript> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), name);
  form.append('model', config.transcriptionModel);
  form.append('response_format', 'json');
  try {
    const response = await fetch(`${config.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: authorization(config),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const body = await response.text();
    if (!response.ok) return { ok: false, message: `the transcription service answered ${response.status}: ${body.slice(0, 200)}` };
    const text = (JSON.parse(body) as { text?: unknown }).text;
    return typeof text === 'string' ? { ok: true, text } : { ok: false, message: 'the transcription service gave no text' };
  } catch (error) {
    const message = (error as Error).name === 'TimeoutError' ? `no answer within ${config.timeoutMs / 1000} s` : (error as Error).message;
    return { ok: false, message: `the transcription service could not be reached: ${message}` };
  }
}
