/**
 * MP3 transcripts (§3 audio "transcript") through an OpenAI-compatible speech-to-text service:
 * POST {POSTROOM_LLM_BASE_URL}/v1/audio/transcriptions (multipart `file` and `model`), answered with
 * `{ "text": … }`, with the POSTROOM_LLM_* settings of server/llm/config.ts (the transcription model
 * is POSTROOM_LLM_TRANSCRIPTION_MODEL). Without a service configured audio is not transcribed and the
 * document's note says so.
 */
import { failureReason, reason } from '../../../src/contract/failure-reasons';
import type { Transcript } from '../../../src/extractor/extract-context';
import { authorization, type LlmConfig } from '../../llm/config';

export type { Transcript } from '../../../src/extractor/extract-context';

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
    if (!response.ok) {
      const why = response.status === 429 ? reason('reason.rateLimited') : reason('reason.httpStatus', body.slice(0, 200), { status: response.status });
      return { ok: false, message: `the transcription service answered ${response.status}: ${body.slice(0, 200)}`, reason: why };
    }
    let text: unknown;
    try {
      text = (JSON.parse(body) as { text?: unknown }).text;
    } catch {
      return { ok: false, message: 'the transcription service answered something that is not JSON', reason: reason('reason.notJson', body.slice(0, 120)) };
    }
    return typeof text === 'string' ? { ok: true, text } : { ok: false, message: 'the transcription service gave no text', reason: reason('reason.emptyAnswer') };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      return { ok: false, message: `the transcription service could not be reached: no answer within ${config.timeoutMs / 1000} s`, reason: reason('reason.timeoutAfter', null, { seconds: config.timeoutMs / 1000 }) };
    }
    return { ok: false, message: `the transcription service could not be reached: ${(error as Error).message}`, reason: failureReason(error) };
  }
}
