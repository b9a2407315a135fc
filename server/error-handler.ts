/**
 * Every failure leaves as JSON `{ message, code, ... }` (spec §8 reads `message`, the console
 * translates `code`). Expected failures (HttpError, Fastify's own 4xx such as malformed JSON or an
 * oversized body) say what went wrong with a stable code (INPUT_ERROR_CODES); anything else is logged
 * (type and sizes, never the values: server/log.ts) and answered with a generic 500 so internals
 * never reach the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { InputErrorCode } from '../src/contract/define';
import { HttpError, type ErrorBody } from './http-error';
import { localizedErrorBody, requestLanguage } from './i18n/error-messages';

/** Fastify's and @fastify/multipart's client errors, by their code, as our stable answers. */
const FASTIFY_CODES: Record<string, InputErrorCode | 'invalidUpload'> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedContentType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalidRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_INVALID_PARAMETER: 'invalidRequest',
  FST_ERR_BAD_URL: 'invalidRequest',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupportedContentType',
  FST_PROTO_VIOLATION: 'invalidUpload',
  FST_PARTS_LIMIT: 'invalidUpload',
  FST_FIELDS_LIMIT: 'invalidUpload',
  FST_INVALID_JSON_FIELD_ERROR: 'invalidUpload',
};

/** Fastify's messages can quote the input (a content type, a JSON fragment): ours never do. */
const MESSAGES: Record<InputErrorCode | 'invalidUpload', string> = {
  invalidRequest: 'Invalid request',
  invalidText: 'Text must not contain NUL characters',
  invalidJson: 'The body is not valid JSON',
  bodyTooLarge: 'The body is larger than this endpoint accepts',
  unsupportedContentType: 'This endpoint does not accept this content type',
  requestTimeout: 'The request did not arrive in time',
  invalidUpload: 'The multipart body is malformed',
};

/** A client error of Fastify or a plugin as our answer; undefined for anything else (a 500). */
export function clientErrorBody(error: FastifyError, limit?: number): { status: number; body: ErrorBody } | undefined {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const code = FASTIFY_CODES[error.code] ?? (error instanceof SyntaxError ? 'invalidJson' : 'invalidRequest');
  const body: ErrorBody = { message: MESSAGES[code], code };
  if (code === 'bodyTooLarge' && limit !== undefined) body.limit = limit;
  return { status, body };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(localizedErrorBody(error.body, requestLanguage(request)));
    }
    const known = clientErrorBody(error, request.routeOptions.bodyLimit);
    if (known !== undefined) return reply.code(known.status).send(localizedErrorBody(known.body, requestLanguage(request)));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(localizedErrorBody({ message: 'Internal server error', code: 'internalError' }, requestLanguage(request)));
  });
}
