/**
 * Errors a parse can end in. The code picks the translated message in the viewer and is printed
 * by the CLI; the message is for people reading the CLI output or logs (English, technical).
 */
export const parseErrorCodes = ['notFound', 'unreadable', 'corrupt', 'unsupported', 'timeout', 'crashed'] as const;
export type ParseErrorCode = (typeof parseErrorCodes)[number];

export class ParseError extends Error {
  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

export type ParseErrorInfo = { code: ParseErrorCode; message: string };

/** Any thrown value → a ParseError's plain form; library errors on bad bytes count as corrupt input. */
export function toErrorInfo(error: unknown): ParseErrorInfo {
  if (error instanceof ParseError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'corrupt', message: message || 'The file could not be read.' };
}
