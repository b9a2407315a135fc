/**
 * Password reset and change (spec §2.4, §5, §7.2). The password rules live here so the console's
 * forms and the server refuse exactly the same passwords, each rule with its own code for a
 * translated message.
 */
import { z } from 'zod';
import { sessionTokensSchema } from './auth';
import { access, forLightUsers, defineEndpoint } from './define';

export const PASSWORD_MIN_LENGTH = 12;

export const passwordRules = [
  { code: 'tooShort', test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { code: 'noDigit', test: (value: string) => /\p{Nd}/u.test(value) },
  { code: 'noLowercase', test: (value: string) => /\p{Ll}/u.test(value) },
  { code: 'noUppercase', test: (value: string) => /\p{Lu}/u.test(value) },
  // Anything that is neither a letter, a digit nor a space counts as special.
  { code: 'noSpecial', test: (value: string) => /[^\p{L}\p{Nd}\s]/u.test(value) },
] as const;
export type PasswordRuleCode = (typeof passwordRules)[number]['code'];

/** The codes of the rules a password breaks, in the order the form lists them. */
export function brokenPasswordRules(value: string): PasswordRuleCode[] {
  return passwordRules.filter((rule) => !rule.test(value)).map((rule) => rule.code);
}

export const forgotPasswordSend = defineEndpoint({
  id: 'password.forgottenSend',
  method: 'POST',
  path: '/users/password/forgotten/send',
  summary: 'Mail a reset link to this address if an account has it; answers the same either way',
  access: access.public,
  // Checked by the server (400 `foreignRecoveryUrl` / `invalidRecoveryUrl`): exactly the reset page
  // (`RESET_PASSWORD_PAGE`) of a configured console origin; the server builds the link itself.
  query: z.object({ recovery_url: z.string().min(1).max(2048) }),
  body: z.object({ email: z.string().trim().min(1).max(320) }),
});

export const forgotPasswordCheck = defineEndpoint({
  id: 'password.forgottenCheck',
  method: 'GET',
  path: '/users/password/forgotten/check/{token}',
  summary: 'Whether a reset link is still valid (unused and less than an hour old)',
  access: access.public,
  params: z.object({ token: z.string().min(1).max(200) }),
  response: z.object({ username: z.string() }),
});

export const forgotPasswordReset = defineEndpoint({
  id: 'password.forgottenReset',
  method: 'PUT',
  path: '/users/password/forgotten',
  summary: 'Choose a new password with a reset link (forgotten or expired password); the link is spent',
  access: access.public,
  body: z.object({
    token: z.string().min(1).max(200),
    password: z.string().min(1).max(1024),
    confirmation: z.string().max(1024),
  }),
});

export const changePassword = defineEndpoint({
  id: 'password.change',
  method: 'PUT',
  path: '/v4/console/api/user/password',
  summary: 'Change the signed-in user’s password, given the current one; ends every other session and answers a new token pair',
  access: forLightUsers(access.signedIn),
  body: z.object({
    currentPassword: z.string().min(1).max(1024),
    password: z.string().min(1).max(1024),
    confirmation: z.string().max(1024),
  }),
  response: sessionTokensSchema,
});
