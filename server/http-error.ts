/** An answer other than success, thrown by handlers and hooks and sent as JSON by the error handler. */
export interface ErrorBody {
  message: string;
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
