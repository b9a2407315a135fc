/**
 * What request logs may say. Fastify logs each request's URL; ours can carry secrets in the path
 * (a reset link's token, in the API's check call and the console's reset-password page) or the query (an OAuth code, a state, a recovery URL), and headers carry the
 * bearer token. The request serializer keeps the method, the path with such segments masked, and the
 * query's parameter names only; headers are never logged.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Path segments that follow these are secrets. */
const SECRET_AFTER = new Set(['check', 'reset-password', 'invitation']);
const MASK = '***';

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const segments = path.split('/');
  const masked = segments.map((segment, index) => (index > 0 && SECRET_AFTER.has(segments[index - 1] ?? '') ? MASK : segment));
  if (query === undefined) return masked.join('/');
  const names = [...new URLSearchParams(query).keys()];
  return `${masked.join('/')}?${names.map((name) => `${name}=${MASK}`).join('&')}`;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};

/**
 * One log line per request instead of Fastify's two: the "incoming request" line is dropped, and the
 * "request completed" line (and the error lines) carry the request too. At a few microseconds each,
 * log lines were a large share of a small API call (bench/api).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
