/**
 * One declaration per endpoint, shared by the console's request layer and the server's route
 * registration. A path, a field or a status code is never spelled twice: both sides take it from here.
 * This module imports nothing from the DOM or from Node.
 */
import type { z } from 'zod';

/** Header carrying the username of the user a provider support agent acts as (ghosting, spec §6). */
export const SWITCH_HEADER = 'X-Switch-User';

/** Header a program may send its environment access key in, instead of `Authorization: Bearer`. */
export const API_KEY_HEADER = 'X-Api-Key';

/** Access profiles on a project, weakest first (spec §6); organisation admins count as configurators. */
export const PROJECT_PROFILES = ['noAccess', 'cockpit', 'qualifier', 'configurator'] as const;
export type ProjectProfile = (typeof PROJECT_PROFILES)[number];

/**
 * The permission rule of an endpoint. Scoped rules name the path parameter that holds the
 * organisation, project or environment id, so every scoped path carries its scope.
 * - public: no token (sign-in, password reset);
 * - signedIn: any signed-in user, the handler only touches the user's own data;
 * - organisation: `guest` lets in external guests too, `member` only the organisation's own members,
 *   `admin` only its organisation admins;
 * - project / environment: at least that access profile on the project; a private environment is
 *   invisible (404) below configurator;
 * - provider: provider staff only (`staff` = sre or support);
 * - accessKey: a program holding an access key of the environment in the path (`Authorization:
 *   Bearer pk_…` or `X-Api-Key`); no user is signed in.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'organisation'; param: string; need: 'guest' | 'member' | 'admin' }
  | { kind: 'project' | 'environment'; param: string; need: Exclude<ProjectProfile, 'noAccess'> }
  | { kind: 'provider'; need: 'sre' | 'support' | 'staff' }
  | { kind: 'accessKey'; param: string };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  organisation: (param: string, need: 'guest' | 'member' | 'admin'): Access => ({ kind: 'organisation', param, need }),
  project: (param: string, need: Exclude<ProjectProfile, 'noAccess'>): Access => ({ kind: 'project', param, need }),
  environment: (param: string, need: Exclude<ProjectProfile, 'noAccess'>): Access => ({
    kind: 'environment',
    param,
    need,
  }),
  provider: (need: 'sre' | 'support' | 'staff'): Access => ({ kind: 'provider', need }),
  accessKey: (param: string): Access => ({ kind: 'accessKey', param }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

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
