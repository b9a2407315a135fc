/**
 * Forgotten, expired and changed passwords (spec §2.4, §5, §7.2, §8).
 *
 * The forgotten-password request answers 204 at once and does its work afterwards, so neither the
 * answer nor its timing tells whether an account has that address. The reset link is the console's
 * `recovery_url` followed by the token; `recovery_url` must point at a configured origin of the console
 * (POSTROOM_PUBLIC_URL or POSTROOM_CONSOLE_ORIGINS, mail/public-links.ts), or anyone could make us mail
 * links to their own site. The request's Host, Origin and X-Forwarded-Host play no part: a foreign
 * recovery_url is refused with 400 `foreignRecoveryUrl`, whatever those headers say.
 *
 * Requests are limited per client address and per target account (answered the same, with no mail,
 * past the limit), and a new link makes the older unused ones of that user invalid.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  changePassword,
  forgotPasswordCheck,
  forgotPasswordReset,
  forgotPasswordSend,
} from '../../src/contract/passwords';
import { mailedLinkPaths } from '../../src/contract/console-links';
import { auditActor, auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import { assertNewPassword, hashPassword, verifyPassword } from '../auth/passwords';
import { createResetToken, findResetToken, spendResetToken } from '../auth/reset-tokens';
import { openSession } from '../auth/sessions';
import { reserveWindow, type WindowRule } from '../auth/throttle';
import type { ServerContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http-error';
import { mailedLink, recoveryUrlOrigin } from '../mail/mailed-link';
import { registerEndpoint } from './register';

const invalidLink = () => new HttpError(404, { message: 'This link is invalid or has expired', code: 'invalidLink' });

const RECOVERY_URL_MESSAGES = {
  foreignRecoveryUrl: 'recovery_url must point at this console',
  invalidRecoveryUrl: 'recovery_url must be the address of this console’s reset page',
} as const;

/** The configured console origin the reset link goes to (400 for anything else). */
function recoveryOrigin(ctx: ServerContext, recoveryUrl: string): string {
  const checked = recoveryUrlOrigin(recoveryUrl, ctx.links.origins());
  if ('code' in checked) throw new HttpError(400, { message: RECOVERY_URL_MESSAGES[checked.code], code: checked.code });
  return checked.origin;
}

/** Reset requests per client address and per account in an hour; past them, no mail (same answer). */
export const RESET_ADDRESS_RULE: WindowRule = { limit: 10, windowMs: 60 * 60 * 1000 };
export const RESET_ACCOUNT_RULE: WindowRule = { limit: 3, windowMs: 60 * 60 * 1000 };

async function mailResetLink(ctx: ServerContext, log: FastifyBaseLogger, ip: string, email: string, origin: string) {
  if (!(await reserveWindow(ctx.db, `reset-ip:${ip}`, RESET_ADDRESS_RULE)).allowed) {
    log.warn('password reset limit reached for this address: no mail');
    return;
  }
  const [user] = await ctx.db
    .select({ id: users.id, firstname: users.firstname, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (user === undefined) return;
  if (!(await reserveWindow(ctx.db, `reset-account:${user.id}`, RESET_ACCOUNT_RULE)).allowed) {
    log.warn({ userId: user.id }, 'password reset limit reached for this account: no mail');
    return;
  }
  const link = mailedLink(origin, mailedLinkPaths.resetPassword(await createResetToken(ctx.db, user.id)));
  await ctx.mailer.send({
    to: user.email,
    subject: 'Postroom : réinitialisation du mot de passe / password reset',
    text: [
      `Bonjour ${user.firstname},`,
      '',
      'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
      link,
      '',
      'To choose a new password, open the link above (valid for one hour, once).',
      '',
      "Si vous n'avez rien demandé, ignorez ce message. / If you did not ask, ignore this message.",
    ].join('\n'),
  });
  log.info('password reset mail sent');
}

export function registerPasswordRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, forgotPasswordSend, async ({ body, query, request, reply }) => {
    const origin = recoveryOrigin(ctx, query.recovery_url);
    // After the answer: an unknown address must not answer faster than a known one.
    setImmediate(() => {
      mailResetLink(ctx, request.log, request.ip, body.email, origin).catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset mail failed'),
      );
    });
    reply.code(204);
  });

  registerEndpoint(app, ctx, forgotPasswordCheck, async ({ params }) => {
    const userId = await findResetToken(ctx.db, params.token);
    if (userId === null) throw invalidLink();
    const [user] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (user === undefined) throw invalidLink();
    return user;
  });

  registerEndpoint(app, ctx, forgotPasswordReset, async ({ body, request }) => {
    assertNewPassword(body.password, body.confirmation);
    const passwordHash = await hashPassword(body.password);
    const userId = await spendResetToken(ctx.db, body.token);
    if (userId === null) throw invalidLink();
    const [user] = await ctx.db
      .update(users)
      // Every session opened before the reset ends: whoever knew the old password is signed out.
      .set({ passwordHash, passwordExpired: false, tokensValidAfter: new Date() })
      .where(eq(users.id, userId))
      .returning({ username: users.username });
    auditActor(request, { userId, username: user?.username ?? userId });
    auditTarget(request, { type: 'user', id: userId });
  });

  registerEndpoint(app, ctx, changePassword, async ({ body, request }) => {
    const principal = principalOf(request);
    // A support agent acting as someone must never choose that person's password.
    if (principal.actor !== undefined) {
      throw new HttpError(403, { message: 'A ghosted session cannot change the password', code: 'ghostPasswordChange' });
    }
    const [user] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, principal.userId));
    if (user === undefined || !(await verifyPassword(body.currentPassword, user.passwordHash))) {
      throw new HttpError(400, { message: 'The current password is wrong', code: 'wrongCurrentPassword' });
    }
    assertNewPassword(body.password, body.confirmation);
    // Every other session (another browser, a stolen token) ends; this one gets a new pair.
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), tokensValidAfter: new Date() })
      .where(eq(users.id, principal.userId));
    return openSession(ctx, principal.userId);
  });
}
