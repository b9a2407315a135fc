/**
 * Every failure leaves as JSON `{ message, ... }` (spec §8 reads `message`). Expected failures
 * (HttpError, Fastify's own 4xx such as malformed JSON or an oversized body) say what went wrong;
 * anything else is logged and answered with a generic 500 so internals never reach the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
