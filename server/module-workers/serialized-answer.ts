/** An answer a module worker built and encoded (SerializedAnswer), as the bytes the route sends. */
import { HttpError } from '../http-error';
import type { ServerErrorCode } from '../../src/contract/error-codes';
import type { PoolResult } from './module-pool';
import type { SerializedAnswer } from './analysis-answer-task';

/**
 * The worker's bytes, the same memory. A worker stopped at its deadline or memory cap (an answer
 * larger than the server allows to build) is a 503 with `tooLarge`, the code the console translates,
 * naming the limit; a throw is our bug, a 500.
 */
export function serializedAnswer(answer: PoolResult<SerializedAnswer>, tooLarge: ServerErrorCode): Buffer {
  if (answer.ok) return Buffer.from(answer.value.json.buffer, answer.value.json.byteOffset, answer.value.json.byteLength);
  if (answer.code === 'timeout' || answer.code === 'memory') {
    const params = answer.code === 'timeout' ? { context: 'timeout', seconds: answer.limit ?? 0 } : { context: 'memory', megabytes: answer.limit ?? 0 };
    throw new HttpError(503, { message: answer.message, code: tooLarge, params });
  }
  throw new Error(answer.message);
}
