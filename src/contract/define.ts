/**
 * One declaration per endpoint, shared by the console's request layer and the server's route
 * registration. A path, a field or a status code is never spelled twice: both sides take it from here.
 * This module imports nothing from the DOM or from Node.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './validation-messages';
import { INPUT_ERROR_CODES } from './error-code-lists';
import type { Access } from './access-rules';
export { INPUT_ERROR_CODES } from './error-code-lists';

export { SWITCH_HEADER } from './headers';

export * from './access-rules';

/** Header a program may send its environment access key in, instead of `Authorization: Bearer`. */
export const API_KEY_HEADER = 'X-Api-Key';

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
  /** Who may call it; the server checks this before reading the body (server/auth/permissions.ts). */
  access: Access;
  /**
   * Largest body in bytes the server reads for this endpoint; JSON_BODY_LIMIT when absent. Only
   * endpoints that carry files (base64 in JSON, an environment export) declare more.
   */
  bodyLimit?: number;
  /**
   * The access facts a write may change, when it is not all of them: the server then forgets only
   * what it cached of those (server/auth/access-cache.ts) instead of emptying its whole access cache
   * as after any other write. `[]`: it changes none (queueing an analysis).
   */
  changesAccessFacts?: readonly AccessFact[];
}

/**
 * What the server's access checks read, in the groups a write declares it changes: accounts and
 * sessions, organisations, memberships and project grants, projects, environments (visibility).
 */
export const ACCESS_FACTS = ['identities', 'organisations', 'memberships', 'projects', 'environments'] as const;
export type AccessFact = (typeof ACCESS_FACTS)[number];

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

// ---------------------------------------------------------------------------------------------
// Input bounds shared by every endpoint: the console checks them before sending, the server on receipt.
// ---------------------------------------------------------------------------------------------

/** Body limit of an endpoint that does not declare one: forms and settings, never files. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * C0 control characters and DEL. None belongs in a name, an id or a one-line field; NUL belongs
 * nowhere (PostgreSQL refuses it in text and JSON), so the server refuses it in any input.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const NO_CONTROL_CHARACTERS_MESSAGE = VALIDATION_MESSAGES.controlCharacters;

/** A one-line text typed by a person (names, labels, usernames): no control characters. */
export function plainText() {
  return z.string().refine((value) => !CONTROL_CHARACTERS.test(value), { message: NO_CONTROL_CHARACTERS_MESSAGE });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A text of several lines typed by a person (a mail body): tabs and line breaks, no other control character. */
export function multilineText() {
  return z.string().refine((value) => !CONTROL_CHARACTERS_BUT_LINES.test(value), { message: NO_CONTROL_CHARACTERS_MESSAGE });
}

/** A day as `YYYY-MM-DD` that exists in the calendar (no 2026-02-30, no 9999-99-99). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION_MESSAGES.calendarDayFormat)
  .refine(isCalendarDate, { message: VALIDATION_MESSAGES.calendarDay });

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type InputErrorCode = (typeof INPUT_ERROR_CODES)[number];
