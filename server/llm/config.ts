/**
 * The language-model service the platform talks to (vision engine, "LLM prompt" reply templates, MP3
 * transcripts): any OpenAI-compatible endpoint, set by the operator. The operator chooses the address,
 * so it may be a local one (a model served on the same network); it is never taken from a user's
 * configuration.
 * - POSTROOM_LLM_BASE_URL: the service (e.g. https://api.openai.com or http://127.0.0.1:8000; a
 *   trailing /v1 is accepted); unset, the modules that need it say so and produce nothing;
 * - POSTROOM_LLM_API_KEY: sent as a bearer token when set;
 * - POSTROOM_LLM_MODEL: the chat model (default gpt-4o-mini); it must read images for the vision engine;
 * - POSTROOM_LLM_TRANSCRIPTION_MODEL: the speech-to-text model (default whisper-1);
 * - POSTROOM_LLM_TIMEOUT_MS: how long one request may take (default 120 s);
 * - POSTROOM_LLM_MAX_ATTEMPTS: attempts of one chat request when the service answers 429 (default 3).
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  transcriptionModel: string;
  timeoutMs: number;
  maxAttempts: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

export function llmConfig(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const baseUrl = env.POSTROOM_LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, '').replace(/\/v1$/, ''),
    ...(env.POSTROOM_LLM_API_KEY ? { apiKey: env.POSTROOM_LLM_API_KEY } : {}),
    model: env.POSTROOM_LLM_MODEL?.trim() || 'gpt-4o-mini',
    transcriptionModel: env.POSTROOM_LLM_TRANSCRIPTION_MODEL?.trim() || 'whisper-1',
    timeoutMs: positive(env.POSTROOM_LLM_TIMEOUT_MS, 120_000),
    maxAttempts: Math.floor(positive(env.POSTROOM_LLM_MAX_ATTEMPTS, 3)),
  };
}

export function authorization(config: LlmConfig): Record<string, string> {
  return config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
}
