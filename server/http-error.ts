import type { ServerErrorCode } from '../src/contract/error-codes';
/** An answer other than success, thrown by handlers and hooks and sent as JSON by the error handler. */
export interface ErrorBody {
  message: string;
  /** Stable reason the console translates (src/contract/error-codes.ts lists them all). */
  code: ServerErrorCode;
  [field: string]: unknown;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
  }
}
