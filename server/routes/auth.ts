/** Sign-in and current user (spec §7.2, errors of §8). */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUser, loginCheck } from '../../src/contract/auth';
import { principalOf } from '../auth/guard';
import { verifyPassword } from '../auth/passwords';
import { loadUserView } from '../auth/user-view';
import type { ServerContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http-error';
import { registerEndpoint } from './register';

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, loginCheck, async ({ body }) => {
    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash, passwordExpired: users.passwordExpired })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${body.username})`);
    // The spec wants the two cases told apart (§8 "wrong username, wrong password"); `code` lets
    // the console pick its translated message without parsing English.
    if (user === undefined) {
      throw new HttpError(401, { message: 'Wrong username', code: 'wrongUsername' });
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new HttpError(401, { message: 'Wrong password', code: 'wrongPassword' });
    }
    if (user.passwordExpired) {
      // Only after the right password, so the 410 never tells a stranger more than a 401 would.
      throw new HttpError(410, {
        message: 'Password expired',
        code: 'passwordExpired',
        refresh_token: await ctx.tokens.issue('reset', user.id),
      });
    }
    return ctx.tokens.issueSession(user.id);
  });

  registerEndpoint(app, ctx, currentUser, async ({ request }) => {
    const view = await loadUserView(ctx.db, principalOf(request).userId);
    // The guard has just seen this user; it can only vanish in a concurrent delete.
    if (view === null) throw new HttpError(401, { message: 'Invalid token' });
    return view;
  });
}
