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
import {
  JSON_BODY_LIMIT,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '../../src/contract/define';
import { authorize, authorizeAtOnce, type Scope } from '../auth/permissions';
import type { ServerContext } from '../context';
import { errorTextKey, type ServerErrorCode } from '../../src/contract/error-codes';
import { HttpError } from '../http-error';
import { nulCharacterAt } from './input-guard';

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

/**
 * A response body already checked against its endpoint's schema and serialized: sent as is. Either
 * made off this thread (a module worker), since decoding, checking and serializing MiBs of it here
 * would hold every other request, or kept by a cache that answers many calls with the same body.
 */
export class SerializedResponse<E extends Endpoint> {
  constructor(
    readonly endpoint: E,
    /**
     * UTF-8 JSON as bytes for a large body (Fastify would encode a string of MiBs here before
     * sending it); a string for a small one (written with the headers in one piece).
     */
    readonly json: Buffer | string,
  ) {}
}

/** Checks a response against its endpoint's schema once and serializes it, for a cache to send many times. */
export function serializedResponse<E extends Endpoint>(endpoint: E, value: EndpointResponse<E>): SerializedResponse<E> {
  return new SerializedResponse(endpoint, JSON.stringify(checkedResponse(endpoint, value)));
}

/** Returns the response body; set another status with `reply.code()`, fail by throwing HttpError. */
export type EndpointHandler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<EndpointResponse<E> | SerializedResponse<E>> | EndpointResponse<E> | SerializedResponse<E>;

const LOCATION_LABEL = { params: 'path', query: 'query', body: 'body' } as const;

export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** How many issues a 400 lists at most: a body of 10 000 bad items must not make a 10 000-item answer. */
const MAX_ISSUES = 20;

function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  location: keyof typeof LOCATION_LABEL,
): unknown {
  if (schema === undefined) return undefined;
  const nulAt = nulCharacterAt(value);
  if (nulAt !== null) {
    throw new HttpError(400, {
      message: `Invalid request ${LOCATION_LABEL[location]}: text must not contain NUL characters`,
      code: 'invalidText',
      location: LOCATION_LABEL[location],
      path: nulAt,
    });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Issues carry codes, paths and messages but not the input (zod 4 leaves it out unless asked),
  // so a rejected password is never echoed back.
  const issues = result.error.issues.slice(0, MAX_ISSUES);
  // A domain check of the contract (metadata bounds...) names its problem in its params: that
  // becomes the answer's code, with its parameters, for the console to translate.
  const named = issues.find(
    (issue): issue is z.core.$ZodIssueCustom & { params: { code: string } } =>
      issue.code === 'custom' && typeof issue.params?.code === 'string',
  );
  if (named !== undefined && errorTextKey(named.params.code) !== undefined) {
    throw new HttpError(400, { ...named.params, code: named.params.code as ServerErrorCode, message: named.message, issues });
  }
  throw new HttpError(400, {
    message: `Invalid request ${LOCATION_LABEL[location]}`,
    code: 'invalidRequest',
    location: LOCATION_LABEL[location],
    issues,
  });
}



/** Responses already checked against their endpoint's schema by `checkedResponse` (e.g. cached ones). */
const checkedResponses = new WeakMap<object, Endpoint>();

/**
 * Checks a response against the endpoint's schema now, for a handler that keeps it (a cache) and
 * returns it many times: returned as is, it is not checked again on every call.
 */
export function checkedResponse<E extends Endpoint>(endpoint: E, value: EndpointResponse<E>): EndpointResponse<E> {
  if (endpoint.response === undefined) return value;
  const checked = endpoint.response.safeParse(value);
  if (!checked.success) throw new Error(`Response of ${endpoint.id} does not match its contract`);
  const data = checked.data as EndpointResponse<E>;
  if (typeof data === 'object' && data !== null) checkedResponses.set(data, endpoint);
  return data;
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  ctx: ServerContext,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    // Every body is bounded to what its endpoint needs (src/contract/define.ts); past it, 413.
    bodyLimit: endpoint.bodyLimit ?? JSON_BODY_LIMIT,
    config: { endpoint },
    // Callback style, like the per-request hooks: a call whose rule reads nothing (the current
    // user, provider screens) and whose handler answers from a cache costs no promise.
    preValidation: (request, _reply, done) => {
      let params: unknown;
      let scope: Scope | undefined;
      try {
        params = parsePart(endpoint.params, request.params, 'params');
        // Rights before the query and body: a caller without them learns nothing from validation.
        scope = authorizeAtOnce(request.principal, endpoint.access);
        if (scope !== undefined) parseInput(request, endpoint, scope, params);
      } catch (error) {
        return done(error as Error);
      }
      if (scope !== undefined) return done();
      authorize(ctx, request.principal, endpoint.access, params, request.apiClient)
        .then((found) => parseInput(request, endpoint, found, params))
        .then(() => done(), done);
    },
    // Not an async function: a handler that answers at once (from a cache) is sent without a promise.
    handler: (request, reply) => {
      const { params, query, body } = request.input;
      const result = handler({
        scope: request.scope,
        params,
        query,
        body,
        request,
        reply,
      } as HandlerInput<E>);
      // After a promise, Fastify wants the reply back, or it sends again an answer still in its
      // onSend hooks; a value sent at once needs nothing back.
      if (isThenable(result)) {
        return result.then((value) => {
          respond(endpoint, request, reply, value);
          return reply;
        });
      }
      respond(endpoint, request, reply, result);
      return undefined;
    },
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The scope the rule resolved, and the query and body checked against the contract. */
function parseInput(request: FastifyRequest, endpoint: Endpoint, scope: Scope, params: unknown): void {
  request.scope = scope;
  request.input = {
    params,
    query: parsePart(endpoint.query, request.query, 'query'),
    body: parsePart(endpoint.body, request.body, 'body'),
  };
}

/** Sends a handler's result, checked against the endpoint's response schema unless it was already. */
function respond(endpoint: Endpoint, request: FastifyRequest, reply: FastifyReply, result: unknown): void {
  if (reply.sent) return;
  if (result instanceof SerializedResponse && result.endpoint === endpoint) {
    reply.type('application/json; charset=utf-8').send(result.json);
    return;
  }
  if (endpoint.response === undefined) {
    if (result === undefined) reply.code(204).send();
    else reply.send(result);
    return;
  }
  if (typeof result === 'object' && result !== null && checkedResponses.get(result) === endpoint) {
    reply.send(result);
    return;
  }
  const checked = endpoint.response.safeParse(result);
  if (!checked.success) {
    // Where and what kind, never the values (server/log.ts).
    const issues = checked.error.issues.slice(0, 10).map((issue) => ({ code: issue.code, path: issue.path.slice(0, 10).map(String) }));
    request.log.error({ endpoint: endpoint.id, issueCount: checked.error.issues.length, issues }, 'response breaks the contract');
    throw new Error(`Response of ${endpoint.id} does not match its contract`);
  }
  // The parsed value, not the raw one: object schemas strip fields the contract does not name.
  reply.send(checked.data);
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
