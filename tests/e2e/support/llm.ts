/**
 * The local language-model server the global setup started (server/test-support/llm-server.ts),
 * driven through its control routes: queue answers, read what the platform asked.
 */
import { inject } from 'vitest';
import { chatReply, type LlmReply, type RecordedLlmRequest } from '../../../server/test-support/llm-server';

const control = async (route: string, body?: unknown) => {
  const response = await fetch(`${inject('llmUrl')}/__control/${route}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`LLM test server ${route}: ${response.status}`);
  return response;
};

export const llmServer = {
  reset: () => control('reset', {}),
  queue: (...replies: LlmReply[]) => control('queue', replies),
  /** Queues a chat answer whose text is this JSON. */
  answerJson: (value: unknown, model = 'vision-e2e-model-2026') => llmServer.queue(chatReply(JSON.stringify(value), { model })),
  requests: async () => (await (await control('requests')).json()) as RecordedLlmRequest[],
};
