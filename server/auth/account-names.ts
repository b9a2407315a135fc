/**
 * Usernames and emails name accounts in one space: sign-in takes a username, the forgotten-password
 * form and SSO take an email, and support once looked users up by either. So a username may not equal
 * another account's email, nor an email another account's username, case-insensitively,
 * on top of the unique indexes that keep each column unique on its own. Checked wherever an account
 * is created (member creation, invitation and its acceptance, SSO sign-up).
 */
import { or, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { users } from '../db/schema';
import { HttpError } from '../http-error';

export function accountExists(): HttpError {
  return new HttpError(409, { message: 'This username or email is already used', code: 'userExists' });
}

export function nameIsOtherEmail(): HttpError {
  return new HttpError(409, {
    message: "This username is another account's email, or this email another account's username",
    code: 'usernameEmailClash',
  });
}

/** 409 `userExists` when the username or email is taken as such, `usernameEmailClash` when crosswise. */
export async function assertAccountNamesFree(db: Database, names: { username: string; email: string }): Promise<void> {
  const lower = (value: string) => value.toLowerCase();
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) in (lower(${names.username}), lower(${names.email}))`,
        sql`lower(${users.email}) in (lower(${names.username}), lower(${names.email}))`,
      ),
    );
  if (rows.length === 0) return;
  const sameField = rows.some(
    (row) => lower(row.username) === lower(names.username) || lower(row.email) === lower(names.email),
  );
  throw sameField ? accountExists() : nameIsOtherEmail();
}
