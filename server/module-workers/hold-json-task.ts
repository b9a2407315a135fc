/** A large value's JSON made in a module worker (the extractor's documents: a sender's text), held as bytes. */
import { holdJson, type HeldJson } from './held-json';

export type HoldJsonTask = { kind: 'holdJson'; value: unknown };
export type HoldJsonAnswer = HeldJson<unknown>;

export function runHoldJson(task: HoldJsonTask): HoldJsonAnswer {
  return holdJson(task.value);
}
