/**
 * Users of the scenarios' own, made through the API as an organisation admin would (never the shared
 * demo users, whose rights other files rely on): created with a temporary password, which is then
 * replaced through the reset link the expired-password answer carries. `remove` deletes them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiAs, request, type Api } from './api';
import { launchBrowser } from './browser';

export interface FreshUser {
  userId: string;
  username: string;
  password: string;
  /** "Firstname Lastname", as the user menu shows it. */
  fullName: string;
}

export interface FreshUserOptions {
  firstname: string;
  lastname: string;
  profiles?: { projectId: string; profile: 'cockpit' | 'qualifier' | 'configurator' | 'noAccess' }[];
  guest?: boolean;
  admin?: boolean;
  /** The domain of the user's email (example.test by default): a scenario's own, for a rule that applies by domain. */
  emailDomain?: string;
}

const PASSWORD = 'Roles-e2e-2026!x';

/**
 * A user made as an admin would, still holding the temporary password the answer carries: expired by
 * design, so its first sign-in leads to the page where a new one is chosen.
 */
export async function createUserWithTemporaryPassword(
  admin: Api,
  options: FreshUserOptions,
  orgaId = 'demo',
): Promise<FreshUser> {
  // Usernames and emails take letters without accents (the form refuses the others).
  const plain = options.firstname.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  const username = `${plain}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const created = await admin<{ member: { userId: string }; temporaryPassword: string }>('POST', `/v4/console/api/organisation/${orgaId}/users`, {
    firstname: options.firstname,
    lastname: options.lastname,
    username,
    email: `${username}@${options.emailDomain ?? 'example.test'}`,
    guest: options.guest ?? false,
    profiles: options.profiles ?? [],
  });
  if (options.admin) await admin('PATCH', `/v4/console/api/organisation/${orgaId}/members/${created.member.userId}`, { adminMode: 'admin' });
  return { userId: created.member.userId, username, password: created.temporaryPassword, fullName: `${options.firstname} ${options.lastname}` };
}

export async function createFreshUser(admin: Api, options: FreshUserOptions, orgaId = 'demo'): Promise<FreshUser> {
  const user = await createUserWithTemporaryPassword(admin, options, orgaId);
  // The temporary password has expired by design: its 410 answer carries a reset link's token.
  const expired = await fetchExpired(user.username, user.password);
  await request(null, 'PUT', '/users/password/forgotten', { token: expired, password: PASSWORD, confirmation: PASSWORD });
  return { ...user, password: PASSWORD };
}

async function fetchExpired(username: string, password: string): Promise<string> {
  try {
    await request(null, 'POST', '/api/login_check', { username, password });
  } catch (error) {
    const body = /\{.*\}$/s.exec(String((error as Error).message))?.[0];
    const token = body === undefined ? undefined : (JSON.parse(body) as { refresh_token?: string }).refresh_token;
    if (token) return token;
    throw error;
  }
  throw new Error(`${username}: the temporary password did not expire`);
}

export async function removeFreshUser(admin: Api, user: FreshUser, orgaId = 'demo'): Promise<void> {
  await admin('DELETE', `/v4/console/api/organisation/${orgaId}/members/${user.userId}`).catch(() => undefined);
}

export interface FreshUsersScenario {
  /** The file's browser, launched before its first test. */
  browser(): Browser;
  /** A user of the file's own, removed after its last test. */
  fresh(options: FreshUserOptions): Promise<FreshUser>;
}

/**
 * The preamble of a scenario file that works with users of its own: one browser for the file, an
 * organisation admin's API to make users, and every user made removed when the file ends.
 */
export function freshUsersScenario(): FreshUsersScenario {
  let browser: Browser | undefined;
  let admin: Api;
  const made: FreshUser[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs('admin');
  });
  afterAll(async () => {
    for (const user of made) await removeFreshUser(admin, user);
    await browser?.close();
  });
  return {
    browser: () => browser!,
    fresh: async (options) => {
      const user = await createFreshUser(admin, options);
      made.push(user);
      return user;
    },
  };
}
