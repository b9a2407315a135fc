/** Starts the real server once for every end-to-end file; they reach it through `inject('baseUrl')`. */
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../scripts/server-process';
import { startLlmTestServer } from '../../server/test-support/llm-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder; mails land in its outbox/ (no SMTP in tests). */
    dataDir: string;
    /** The local OpenAI-compatible server the platform's LLM modules talk to; tests queue its answers. */
    llmUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The third party the vision engine calls, replaced by its protocol on a loopback port: answers
  // are queued by the tests through its control routes (tests/e2e/support/llm.ts).
  const llm = await startLlmTestServer();
  const server = await startServerProcess({ logs: true, env: { POSTROOM_LLM_BASE_URL: llm.url, POSTROOM_LLM_MODEL: 'vision-e2e-model', POSTROOM_LLM_TIMEOUT_MS: '20000' } });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('llmUrl', llm.url);
  return async () => {
    await server.stop();
    await llm.close();
  };
}
