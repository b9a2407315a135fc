/**
 * One declaration per endpoint, shared by the console's request layer and the server's route
 * registration. A path, a field or a status code is never spelled twice: both sides take it from here.
 * This module imports nothing from the DOM or from Node.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Operation id, `area.action`; also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Path with `{name}` parameters, relative to the API base URL. */
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  /** Whether the call is made without a token (login, password reset). */
  public?: boolean;
}

/** Identity helper that keeps the exact schema types of a declaration. */
export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type EndpointParams<E> = E extends Endpoint<infer P, any, any, any> ? Infer<P> : never;
export type EndpointQuery<E> = E extends Endpoint<any, infer Q, any, any> ? Infer<Q> : never;
export type EndpointBody<E> = E extends Endpoint<any, any, infer B, any> ? Infer<B> : never;
export type EndpointResponse<E> = E extends Endpoint<any, any, any, infer R>
  ? R extends z.ZodType
    ? z.infer<R>
    : unknown
  : never;
