/**
 * MP3 transcripts (§3 audio "transcript") through an OpenAI-compatible speech-to-text service:
 * POST {POSTROOM_LLM_BASE_URL}/v1/audio/transcriptions (multipart `file` and `model`), answered with
 * `{ "text": … }`. The same POSTROOM_LLM_* settings as the vision engine:
 * - POSTROOM_LLM_BASE_URL: the service (e.g. http://127.0.0.1:8000); unset, audio is not transcribed
 *   and the document's note says so;
 * - POSTROOM_LLM_API_KEY: sent as a bearer token when set;
 * - POSTROOM_LLM_TRANSCRIPTION_MODEL: the model name (default whisper-1);
 * - POSTROOM_LLM_TIMEOUT_MS: how long one file may take (default 120 s).
 */
export interface TranscriptionConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export function transcriptionConfig(env: NodeJS.ProcessEnv = process.env): TranscriptionConfig | null {
  const baseUrl = env.POSTROOM_LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, '').replace(/\/v1$/, ''),
    ...(env.POSTROOM_LLM_API_KEY ? { apiKey: env.POSTROOM_LLM_API_KEY } : {}),
    model: env.POSTROOM_LLM_TRANSCRIPTION_MODEL?.trim() || 'whisper-1',
    timeoutMs: Number(env.POSTROOM_LLM_TIMEOUT_MS) || 120_000,
  };
}

export type Transcript = { ok: true; text: string } | { ok: false; message: string };

export async function transcribe(config: TranscriptionConfig, name: string, bytes: Uint8Array): Promise<Transcript> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), name);
  form.append('model', config.model);
  form.append('response_format', 'json');
  try {
    const response = await fetch(`${config.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
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
