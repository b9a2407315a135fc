/**
 * Registers a route from its contract declaration (src/contract): method, path (`{name}` becomes
 * Fastify's `:name`), and the zod schemas that check path, query and body before the handler runs
 * (400 `{ message, issues }`) and the response before it leaves (a mismatch is our bug: 500).
 *
 * Request lifecycle: onRequest authenticates (server/auth/guard.ts); preValidation parses the path,
 * checks the endpoint's access rule (server/auth/permissions.ts), then parses query and body; then the
 * handler; onSend writes the audit log (server/audit.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '../../src/contract/define';
import { authorize, type Scope } from '../auth/permissions';
import type { ServerContext } from '../context';
import { HttpError } from '../http-error';

/** The validated input of the current request; the permission layer reads `params` from here. */
export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route registered from the contract; the auth guard reads `public` from it. */
    endpoint?: Endpoint;
    /** A route outside the contract that answers without a token (openapi.json). */
    publicRoute?: boolean;
  }
  interface FastifyRequest {
    input: ParsedInput;
    /** What the permission check resolved (organisation, project, environment, profile). */
    scope: Scope;
  }
}

export interface HandlerInput<E extends Endpoint> {
  /** The organisation, project and environment the access rule resolved, and the caller's profile. */
  scope: Scope;
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returns the response body; set another status with `reply.code()`, fail by throwing HttpError. */
export type EndpointHandler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<EndpointResponse<E>> | EndpointResponse<E>;

const LOCATION_LABEL = { params: 'path', query: 'query', body: 'body' } as const;

export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  location: keyof typeof LOCATION_LABEL,
): unknown {
  if (schema === undefined) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Issues carry codes, paths and messages but not the input (zod 4 leaves it out unless asked),
  // so a rejected password is never echoed back.
  throw new HttpError(400, {
    message: `Invalid request ${LOCATION_LABEL[location]}`,
    issues: result.error.issues,
  });
}

/** Per-route settings a declaration cannot carry. */
export interface RouteOptions {
  /** JSON body limit in bytes when the app's default is too small (e.g. files sent as base64). */
  bodyLimit?: number;
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  ctx: ServerContext,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { endpoint },
    preValidation: async (request) => {
      const params = parsePart(endpoint.params, request.params, 'params');
      // Rights before the query and body: a caller without them learns nothing from validation.
      request.scope = await authorize(ctx, request.principal, endpoint.access, params, request.apiClient);
      request.input = {
        params,
        query: parsePart(endpoint.query, request.query, 'query'),
        body: parsePart(endpoint.body, request.body, 'body'),
      };
    },
    handler: async (request, reply) => {
      const { params, query, body } = request.input;
      const result: unknown = await handler({
        scope: request.scope,
        params,
        query,
        body,
        request,
        reply,
      } as HandlerInput<E>);
      if (reply.sent) return reply;
      if (endpoint.response === undefined) {
        return result === undefined ? reply.code(204).send() : reply.send(result);
      }
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        request.log.error({ endpoint: endpoint.id, issues: checked.error.issues }, 'response breaks the contract');
        throw new Error(`Response of ${endpoint.id} does not match its contract`);
      }
      // The parsed value, not the raw one: object schemas strip fields the contract does not name.
      return reply.send(checked.data);
    },
  });
}

/**
 * Call once before any route: gives requests their `input` slot and refuses, at start-up, an API
 * route that did not come from the contract nor say it is public, so no route skips authentication
 * by being registered the wrong way.
 */
export function installContractRouting(app: FastifyInstance, isApiPath: (url: string) => boolean): void {
  // Fastify wants a decorator's initial value; every contract route replaces it in preValidation.
  app.decorateRequest('input', null as unknown as ParsedInput);
  app.decorateRequest('scope', null as unknown as Scope);
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (isApiPath(route.url) && config.endpoint === undefined && config.publicRoute !== true) {
      throw new Error(`${route.url} is an API path but was not registered with registerEndpoint`);
    }
  });
}
