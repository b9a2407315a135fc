/**
 * Authentication of every contract route whose access is not public: one onRequest hook, before the
 * body is even read. It puts the signed-in user on `request.principal`; the permission layer
 * (permissions.ts) reads it from there.
 *
 * Ghosting (spec §6): a provider support agent who sends the switch header (a user id) becomes, for
 * that request, the user it names; `actor` keeps who really acts, for the audit log. Anyone else sending the header
 * is refused rather than silently ignored, so a misconfigured client notices.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, SWITCH_HEADER } from '../../src/contract/define';
import type { ServerContext } from '../context';
import { sessions, users } from '../db/schema';
import { HttpError } from '../http-error';
import { authenticateAccessKey, type ApiClient } from './access-keys';
import { TokenError, type VerifiedToken } from './tokens';

export interface Identity {
  userId: string;
  username: string;
  providerRole: 'sre' | 'support' | null;
  isLight: boolean;
}

export interface Principal extends Identity {
  /** The provider support agent acting as this user (ghosting); absent otherwise. */
  actor?: Identity;
  /** The sign-in session the access token belongs to (the agent's, when ghosting); logout ends it. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user; null on public routes and on access-key routes. */
    principal: Principal | null;
    /** The program calling an access-key route (spec §3 Access key); null elsewhere. */
    apiClient: ApiClient | null;
  }
}

type UnauthorizedCode = 'unauthenticated' | 'invalidToken' | 'sessionEnded' | 'accessKeyRequired' | 'unknownAccessKey';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const SWITCH_HEADER_NAME = SWITCH_HEADER.toLowerCase();

function unauthorized(code: UnauthorizedCode, message: string, error?: 'invalid_token'): HttpError {
  // RFC 6750: tell the client which scheme to use and, for a bad token, that it was the token.
  const challenge = error === undefined ? 'Bearer realm="postroom"' : `Bearer realm="postroom", error="${error}"`;
  return new HttpError(401, { message, code }, { 'WWW-Authenticate': challenge });
}

const identityColumns = {
  userId: users.id,
  username: users.username,
  providerRole: users.providerRole,
  isLight: users.isLight,
};

/**
 * What the cache keeps per session: the principal itself, built once per fill (frozen: requests share
 * it), so a cached call copies no object.
 */
interface SessionIdentity {
  principal: Readonly<Principal>;
  tokensValidAfter: Date | null;
  sessionEnded: boolean;
}

/** Keyed by session id: one cached read answers both who the user is and whether the session lives. */
const identities = (ctx: ServerContext) => ctx.access.table<SessionIdentity | null>('sessionIdentity', ['identities']);

async function ghost(ctx: ServerContext, actor: Identity, sessionId: string, targetId: string): Promise<Principal> {
  if (actor.providerRole !== 'support') {
    throw new HttpError(403, { message: 'Only provider support may act as another user', code: 'ghostSupportOnly' });
  }
  // By id only: a username may look like another account's email, an id names one account.
  const [user] = await ctx.db.select(identityColumns).from(users).where(eq(users.id, targetId));
  if (user === undefined) throw new HttpError(403, { message: 'Unknown user to act as', code: 'ghostUnknownUser' });
  // Acting as another provider account would lend its rights and blur the audit trail.
  if (user.providerRole !== null) {
    throw new HttpError(403, { message: 'Provider staff cannot be ghosted', code: 'ghostProviderStaff' });
  }
  return { ...user, actor, sessionId };
}

/** The session's identity as read (and cached) from the database. */
function loadIdentity(ctx: ServerContext, userId: string, sessionId: string): () => Promise<SessionIdentity | null> {
  return async () => {
    const [found] = await ctx.db
      .select({ ...identityColumns, tokensValidAfter: users.tokensValidAfter, endedAt: sessions.endedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    if (found === undefined) return null;
    const { endedAt, tokensValidAfter, ...identity } = found;
    return { principal: Object.freeze({ ...identity, sessionId }), tokensValidAfter, sessionEnded: endedAt !== null };
  };
}

/** The signed-in user of a session whose identity was read, or why the token no longer works. */
function signedIn(verified: VerifiedToken, row: SessionIdentity | null): Readonly<Principal> {
  if (row === null) throw unauthorized('invalidToken', 'Invalid token', 'invalid_token');
  // Logout or a detected refresh token reuse ended the session; a password change or reset ends
  // every session opened before it.
  if (row.sessionEnded || issuedBeforeRevocation(verified, row.tokensValidAfter)) {
    throw unauthorized('sessionEnded', 'Session ended', 'invalid_token');
  }
  return row.principal;
}

function bearerToken(authorization: string | undefined): string {
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (token === undefined) throw unauthorized('unauthenticated', 'Authentication required');
  return token;
}

export async function authenticate(
  ctx: ServerContext,
  authorization: string | undefined,
  switchUser?: string,
): Promise<Principal> {
  const token = bearerToken(authorization);
  let verified: VerifiedToken;
  try {
    verified = await ctx.tokens.verifySession('access', token);
  } catch (error) {
    if (error instanceof TokenError) throw unauthorized('invalidToken', error.message, 'invalid_token');
    throw error;
  }
  const { userId, sessionId } = verified;
  // Checked on every call so a deleted account or an ended session (logout, refresh token reuse)
  // stops working before its token expires: through the access cache, which any write empties (see
  // access-cache.ts), so this stays a map look-up on most calls.
  const principal = signedIn(verified, await identities(ctx).get(sessionId, loadIdentity(ctx, userId, sessionId)));
  return switchUser === undefined || switchUser === '' ? principal : ghost(ctx, principal, sessionId, switchUser);
}

/**
 * `authenticate` without a promise when everything it needs is at hand: a token already verified
 * and its session's identity in the access cache, and no one to act as. The same checks, in the
 * same order; undefined when something must be read or verified first (the caller then awaits
 * `authenticate`). Most calls of a session take this way.
 */
export function authenticateAtOnce(ctx: ServerContext, authorization: string | undefined, switchUser?: string): Principal | undefined {
  if (switchUser !== undefined && switchUser !== '') return undefined;
  const token = bearerToken(authorization);
  const verified = ctx.tokens.verifiedSession('access', token);
  if (verified === undefined) return undefined;
  const held = identities(ctx).peek(verified.sessionId, loadIdentity(ctx, verified.userId, verified.sessionId));
  return held === undefined ? undefined : signedIn(verified, held.value);
}

/** Whether a token predates the last password change or reset of its user. */
export function issuedBeforeRevocation(token: VerifiedToken, tokensValidAfter: Date | null): boolean {
  return tokensValidAfter !== null && token.issuedAtMs < tokensValidAfter.getTime();
}

/** The principal of an authenticated route; a bug (500) if called on a public one. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('principalOf() called on an unauthenticated route');
  return request.principal;
}

/** The environment access key a program sends, as a bearer token or in the X-Api-Key header. */
async function authenticateProgram(ctx: ServerContext, request: FastifyRequest): Promise<ApiClient> {
  const header = request.headers[API_KEY_HEADER.toLowerCase()];
  const secret =
    typeof header === 'string' && header !== ''
      ? header
      : request.headers.authorization === undefined
        ? undefined
        : BEARER.exec(request.headers.authorization)?.[1];
  if (secret === undefined) throw unauthorized('accessKeyRequired', 'An access key is required');
  const client = await authenticateAccessKey(ctx, secret);
  if (client === null) throw unauthorized('unknownAccessKey', 'Unknown access key', 'invalid_token');
  return client;
}

export function installAuthGuard(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('apiClient', null);
  // Callback style: a signed-in call whose token and session are known is answered without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint === undefined || endpoint.access.kind === 'public') return done();
    if (endpoint.access.kind === 'accessKey') {
      authenticateProgram(ctx, request).then((client) => {
        request.apiClient = client;
        done();
      }, done);
      return;
    }
    const header = request.headers[SWITCH_HEADER_NAME];
    const switchUser = typeof header === 'string' ? header : undefined;
    let known: Principal | undefined;
    try {
      known = authenticateAtOnce(ctx, request.headers.authorization, switchUser);
    } catch (error) {
      return done(error as Error);
    }
    if (known !== undefined) {
      request.principal = known;
      return done();
    }
    authenticate(ctx, request.headers.authorization, switchUser).then((principal) => {
      request.principal = principal;
      done();
    }, done);
  });
}
