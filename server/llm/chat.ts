/**
 * One chat completion on an OpenAI-compatible service (POST {base}/v1/chat/completions), with fetch:
 * the protocol is one JSON request and answer, and no SDK is needed for it. Asking for JSON uses
 * `response_format: { type: 'json_schema', json_schema: { name, schema, strict: true } }`; the caller
 * validates the text it gets back (a service may ignore the schema).
 *
 * What can go wrong comes back as a stable `code`, a translated `reason` (src/contract/failure-reasons.ts,
 * what users read) and an English `message` (logs, the reason's technical detail), never as a throw:
 * the analysis that asked must not be lost. A 429 is retried after the service's Retry-After
 * (`retry-after-ms` or `retry-after`, capped at RETRY_WAIT_CAP_MS; 1 s doubling without one) until
 * `maxAttempts`; other errors are not retried.
 */
import { failureReason, reason } from '../../src/contract/failure-reasons';
import type { NestedText } from '../../src/contract/pipeline-messages';
import { authorization, type LlmConfig } from './config';

export type ChatPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatPart[];
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Asks for JSON matching this schema (OpenAI structured outputs). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  maxTokens?: number;
  /** Stops the request early (the caller's own deadline). */
  signal?: AbortSignal;
}

export type ChatErrorCode = 'llmTimeout' | 'llmRateLimited' | 'llmRefused' | 'llmHttpError' | 'llmMalformed' | 'llmUnreachable';

export type ChatAnswer =
  | { ok: true; text: string; model: string; attempts: number; usage: { promptTokens: number; completionTokens: number } | null }
  | { ok: false; code: ChatErrorCode; message: string; reason: NestedText; status?: number; attempts: number };

export const RETRY_WAIT_CAP_MS = 20_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** How long the service asks us to wait before trying again, in ms. */
export function retryWaitMs(headers: Headers, attempt: number): number {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms)) return Math.min(Math.max(ms, 0), RETRY_WAIT_CAP_MS);
  const after = headers.get('retry-after');
  if (after !== null) {
    const seconds = Number(after);
    const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
    if (Number.isFinite(wait)) return Math.min(Math.max(wait, 0), RETRY_WAIT_CAP_MS);
  }
  return Math.min(1000 * 2 ** (attempt - 1), RETRY_WAIT_CAP_MS);
}

/** The text of the first choice, or why there is none. */
function readAnswer(body: unknown): { text: string; model: string; usage: { promptTokens: number; completionTokens: number } | null } | Omit<ChatFailure, 'ok' | 'attempts'> {
  const answer = body as { model?: unknown; choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  const choice = Array.isArray(answer?.choices) ? answer.choices[0] : undefined;
  if (choice === undefined || typeof choice !== 'object' || choice === null) {
    return { code: 'llmMalformed', message: 'the language model answered without any choice', reason: reason('reason.emptyAnswer') };
  }
  const refusal = choice.message?.refusal;
  if (typeof refusal === 'string' && refusal.trim() !== '') {
    return { code: 'llmRefused', message: `the language model refused: ${refusal.slice(0, 300)}`, reason: reason('reason.refused', refusal.slice(0, 300)) };
  }
  if (choice.finish_reason === 'content_filter') return { code: 'llmRefused', message: "the language model's content filter stopped the answer", reason: reason('reason.contentFiltered') };
  const content = choice.message?.content;
  // Some services answer content as parts; the text parts make the answer.
  const text = Array.isArray(content)
    ? content.map((part: { type?: unknown; text?: unknown }) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('')
    : content;
  if (typeof text !== 'string') return { code: 'llmMalformed', message: 'the language model answered without text', reason: reason('reason.emptyAnswer') };
  const usage = answer.usage;
  return {
    text,
    model: typeof answer.model === 'string' ? answer.model : '',
    usage: typeof usage?.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number' ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : null,
  };
}

type ChatFailure = Extract<ChatAnswer, { ok: false }>;

/** A failure: its translated reason is set where it happens, the English message is for the logs. */
function failure(failed: Omit<ChatFailure, 'ok'>): ChatFailure {
  return { ok: false, ...failed };
}

export async function chatCompletion(config: LlmConfig, request: ChatRequest): Promise<ChatAnswer> {
  const body = JSON.stringify({
    model: config.model,
    messages: request.messages,
    temperature: 0,
    ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
    ...(request.jsonSchema ? { response_format: { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } } } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    let text: string;
    try {
      const deadline = AbortSignal.timeout(config.timeoutMs);
      response = await fetch(`${config.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...authorization(config) },
        body,
        signal: request.signal ? AbortSignal.any([deadline, request.signal]) : deadline,
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError') {
        const seconds = config.timeoutMs / 1000;
        return failure({ code: 'llmTimeout', message: `the language model gave no answer within ${seconds} s`, reason: reason('reason.timeoutAfter', null, { seconds }), attempts: attempt });
      }
      if (name === 'AbortError') return failure({ code: 'llmTimeout', message: 'the request to the language model was stopped (its time ran out)', reason: reason('reason.timeout'), attempts: attempt });
      // fetch's "fetch failed" keeps the socket's error (refused, host not found, TLS…) as its cause.
      return { ok: false, code: 'llmUnreachable', message: `the language model could not be reached: ${(error as Error).message}`, reason: failureReason(error), attempts: attempt };
    }
    if (response.status === 429) {
      if (attempt >= config.maxAttempts || request.signal?.aborted) {
        return failure({ code: 'llmRateLimited', status: 429, message: `the language model is rate limited (HTTP 429) after ${attempt} attempt(s)`, reason: reason('reason.rateLimited'), attempts: attempt });
      }
      await sleep(retryWaitMs(response.headers, attempt), request.signal);
      continue;
    }
    if (!response.ok) {
      const message = `the language model answered HTTP ${response.status}: ${text.slice(0, 200)}`;
      return failure({ code: 'llmHttpError', status: response.status, message, reason: reason('reason.httpStatus', text.slice(0, 200), { status: response.status }), attempts: attempt });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return failure({ code: 'llmMalformed', message: 'the language model answered something that is not JSON', reason: reason('reason.notJson', text.slice(0, 120)), attempts: attempt });
    }
    const read = readAnswer(parsed);
    if ('code' in read) return failure({ ...read, attempts: attempt });
    return { ok: true, ...read, attempts: attempt };
  }
}
