/**
 * Authentication of every contract route not declared `public: true`: one onRequest hook, before the
 * body is even read. It puts the signed-in user on `request.principal`; the permission layer (a later
 * step) reads it from there.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http-error';
import { TokenError } from './tokens';

export interface Principal {
  userId: string;
  username: string;
  providerRole: 'sre' | 'support' | null;
  isLight: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user; null on public routes. */
    principal: Principal | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function unauthorized(message: string, error?: 'invalid_token'): HttpError {
  // RFC 6750: tell the client which scheme to use and, for a bad token, that it was the token.
  const challenge = error === undefined ? 'Bearer realm="postroom"' : `Bearer realm="postroom", error="${error}"`;
  return new HttpError(401, { message }, { 'WWW-Authenticate': challenge });
}

export async function authenticate(ctx: ServerContext, authorization: string | undefined): Promise<Principal> {
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (token === undefined) throw unauthorized('Authentication required');
  let userId: string;
  try {
    userId = await ctx.tokens.verify('access', token);
  } catch (error) {
    if (error instanceof TokenError) throw unauthorized(error.message, 'invalid_token');
    throw error;
  }
  // Checked on every call so a deleted account stops working before its token expires.
  const [user] = await ctx.db
    .select({
      userId: users.id,
      username: users.username,
      providerRole: users.providerRole,
      isLight: users.isLight,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (user === undefined) throw unauthorized('Invalid token', 'invalid_token');
  return user;
}

/** The principal of an authenticated route; a bug (500) if called on a public one. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('principalOf() called on an unauthenticated route');
  return request.principal;
}

export function installAuthGuard(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint === undefined || endpoint.public === true) return;
    request.principal = await authenticate(ctx, request.headers.authorization);
  });
}
