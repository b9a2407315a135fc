/**
 * What logs may say: sizes and ids, never values (once, a 5 MB parameter became a 15 MB line).
 *
 * Requests:  Fastify logs each request's URL; ours can carry secrets in the path
 * (a reset link's token, in the API's check call and the console's reset-password page) or the query (an OAuth code, a state, a recovery URL), and headers carry the
 * bearer token. The request serializer keeps the method, the path with such segments masked, and the
 * query's parameter names only; headers are never logged.
 *
 * Errors: pino's standard serializer copies every property of an error, and a database error carries
 * the query's parameters (drizzle's DrizzleQueryError: `params`, and again in its message), a
 * validation error its issues. Ours keeps the type, code, status, the message cut to a few hundred
 * characters with the parameters removed, the stack's frames and the same for its causes.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Path segments that follow these are secrets. */
const SECRET_AFTER = new Set(['check', 'reset-password', 'invitation']);
const MASK = '***';

/**
 * Whether a URL has a query or a segment that may come before a secret. Most have neither, and
 * are logged as they are without being taken apart: every request's log line goes through here.
 */
const MAY_HOLD_SECRET = /\?|(?:^|\/)(?:check|reset-password|invitation)\//;

export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const [path = '', query] = url.split('?', 2);
  const segments = path.split('/');
  const masked = segments.map((segment, index) => (index > 0 && SECRET_AFTER.has(segments[index - 1] ?? '') ? MASK : segment));
  if (query === undefined) return masked.join('/');
  const names = [...new URLSearchParams(query).keys()];
  return `${masked.join('/')}?${names.map((name) => `${name}=${MASK}`).join('&')}`;
}

/** Longest text of a log field taken from outside (a message, a URL); past it, the length is said. */
export const MAX_LOGGED_TEXT = 500;
const MAX_STACK_FRAMES = 12;
const MAX_CAUSES = 3;

export function clipText(text: string, max = MAX_LOGGED_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/** Drizzle writes the query's parameters into the message (`Failed query: …\nparams: …`). */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at < 0 ? message : `${message.slice(0, at)}\nparams: (${message.length - at - 9} characters, not logged)`;
}

export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack: string;
  cause?: LoggedError;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: clipText(typeof error === 'string' ? error : '(not an Error)'), stack: '' };
  }
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, MAX_STACK_FRAMES)
    .map((line) => clipText(line, 300));
  return {
    type: error.constructor?.name ?? error.name,
    message: clipText(withoutParams(error.message)),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: clipText(String(code), 100) } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: frames.join('\n'),
    ...(error.cause !== undefined && depth < MAX_CAUSES ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: clipText(redactUrl(request.url)), remoteAddress: request.ip };
  },
  err: serializeError,
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
