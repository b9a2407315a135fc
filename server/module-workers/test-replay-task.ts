/**
 * A test run's replay answer (server/testing-center/replay-answer.ts), built in a module worker: the
 * messages' JSON decoded, mail HTML left out (the engines read the text blocks), checked against the
 * contract and encoded.
 */
import { testReplaySchema, type TestReplay } from '../../src/contract/testing-runs';
import { parseJsonBytes } from './held-json';
import type { SerializedAnswer } from './analysis-answer-task';

export interface TestReplayTask {
  kind: 'testReplay';
  head: Omit<TestReplay, 'settings' | 'messages'>;
  settingsJson: Uint8Array;
  messagesJson: Uint8Array;
}

type StoredMessage = Omit<TestReplay['messages'][number], 'input'> & { input: { createdAt: string; extraction: { documents: { html?: unknown }[] } } | null };

export function runTestReplay(task: TestReplayTask): SerializedAnswer {
  const messages = (parseJsonBytes(task.messagesJson) as StoredMessage[]).map((message) => ({
    ...message,
    input: message.input === null ? null : { ...message.input, extraction: { documents: message.input.extraction.documents.map((document) => ({ ...document, html: null })) } },
  }));
  const answer = testReplaySchema.parse({ ...task.head, settings: parseJsonBytes(task.settingsJson), messages });
  return { json: new TextEncoder().encode(JSON.stringify(answer)) };
}
