/**
 * The output module's payload (server/pipeline/output.ts), built in a module worker and held as JSON
 * bytes: it repeats the extracted documents and the NLU result, megabytes for a long mail, which the
 * HTTP thread then stores and posts to webhooks without serializing them.
 */
import { buildOutput, type OutputInput } from '../pipeline/output';
import { holdJson, readHeld, type HeldJson } from './held-json';

export interface OutputTask {
  kind: 'output';
  input: OutputInput;
}

export interface OutputAnswer {
  payload: HeldJson<Record<string, unknown>>;
  summary: string;
}

export function runOutput(task: OutputTask): OutputAnswer {
  // The payload carries the earlier modules' results themselves (the NLU's is held): read here.
  const results = task.input.results?.map((result) => ({ ...result, result: readHeld(result.result) }));
  const { payload, summary } = buildOutput({ ...task.input, ...(results ? { results } : {}) });
  return { payload: holdJson(payload), summary };
}
