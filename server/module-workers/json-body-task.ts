/**
 * A large JSON request body parsed in a module worker (server/json-body.ts): its size and shape are
 * the sender's, and parsing megabytes held the HTTP thread for tens of milliseconds. The same parser
 * and the same refusals as Fastify's own (`__proto__` and `constructor.prototype` keys are errors).
 * A body that is not JSON answers `invalid`, not a throw: it is the sender's mistake, not ours.
 */
import secureJson from 'secure-json-parse';

export type JsonBodyTask = { kind: 'jsonBody'; bytes: Uint8Array };
export type JsonBodyAnswer = { value: unknown } | { invalid: true };

const decoder = new TextDecoder();

export function runJsonBody(task: JsonBodyTask): JsonBodyAnswer {
  try {
    return { value: secureJson.parse(decoder.decode(task.bytes), undefined, { protoAction: 'error', constructorAction: 'error' }) };
  } catch {
    return { invalid: true };
  }
}
