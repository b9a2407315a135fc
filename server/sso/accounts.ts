/**
 * From a provider-vouched identity to a Postroom account. Accounts are matched by email (case
 * insensitive, as the users table's unique index): the email is what both Postroom and the provider
 * know. An organisation's identity provider only ever signs in that organisation's own members.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { nameIsOtherEmail } from '../auth/account-names';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/open';
import { members, organisationIdentityProviders, organisations, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { VerifiedIdentity } from './oidc-client';

export interface OrganisationProvider {
  organisationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomain: string | null;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

function appliesTo(provider: { emailDomain: string | null }, email: string): boolean {
  return provider.emailDomain === null || domainOf(email) === provider.emailDomain;
}

/** The identity provider a username signs in with: the first of its organisations that has one. */
export async function providerForUsername(
  db: Database,
  secrets: SecretBox,
  username: string,
): Promise<OrganisationProvider | null> {
  const rows = await db
    .select({
      organisationId: organisationIdentityProviders.organisationId,
      issuer: organisationIdentityProviders.issuer,
      clientId: organisationIdentityProviders.clientId,
      clientSecret: organisationIdentityProviders.clientSecret,
      emailDomain: organisationIdentityProviders.emailDomain,
      email: users.email,
    })
    .from(users)
    // Guests are outsiders: their own organisation's sign-in, not their host's, applies to them.
    .innerJoin(members, and(eq(members.userId, users.id), eq(members.guest, false)))
    .innerJoin(organisationIdentityProviders, eq(organisationIdentityProviders.organisationId, members.organisationId))
    .where(sql`lower(${users.username}) = lower(${username})`)
    .orderBy(asc(organisationIdentityProviders.organisationId));
  const row = rows.find((candidate) => appliesTo(candidate, candidate.email));
  if (row === undefined) return null;
  const { email: _email, ...provider } = row;
  return { ...provider, clientSecret: secrets.open(provider.clientSecret) };
}

/** Client secrets are stored sealed (server/crypto/secret-box.ts); callers get them opened. */
export async function providerOfOrganisation(
  db: Database,
  secrets: SecretBox,
  organisationId: string,
): Promise<OrganisationProvider | null> {
  const [row] = await db
    .select()
    .from(organisationIdentityProviders)
    .where(eq(organisationIdentityProviders.organisationId, organisationId));
  return row === undefined ? null : { ...row, clientSecret: secrets.open(row.clientSecret) };
}

function noAccount(extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(401, { message: 'No Postroom account has this email', code: 'ssoNoAccount', ...extra });
}

export function requireEmail(identity: VerifiedIdentity, strict: boolean): string {
  // Social providers must vouch for the address; an organisation's provider is trusted unless it
  // says outright that the address is unverified (many corporate providers leave the claim out).
  const unverified = strict ? identity.emailVerified !== true : identity.emailVerified === false;
  if (identity.email === null || unverified) {
    throw new HttpError(401, { message: 'The provider did not vouch for an email address', code: 'ssoEmailUnverified' });
  }
  return identity.email;
}

async function userIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id ?? null;
}

/** The account a social provider signs in, or 401 `ssoNoAccount` (saying whether sign-up is open). */
export async function socialAccount(db: Database, email: string, signupOpen: boolean): Promise<string> {
  const id = await userIdByEmail(db, email);
  if (id === null) throw noAccount({ signup: signupOpen });
  return id;
}

/** The member of `provider`'s organisation with that email, or 401 `ssoNoAccount`. */
export async function organisationAccount(db: Database, provider: OrganisationProvider, email: string): Promise<string> {
  if (!appliesTo(provider, email)) throw noAccount();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      members,
      and(eq(members.userId, users.id), eq(members.organisationId, provider.organisationId), eq(members.guest, false)),
    )
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (row === undefined) throw noAccount();
  return row.id;
}

/**
 * Creates a self-service account (no password: it signs in through its provider) in the sign-up
 * organisation. Its username is its email, which is unique already.
 */
export async function createSocialAccount(
  db: Database,
  organisationId: string,
  email: string,
  identity: VerifiedIdentity,
): Promise<string> {
  const [organisation] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId));
  if (organisation === undefined) {
    throw new HttpError(403, { message: 'Sign-up is not open on this server', code: 'ssoSignupClosed' });
  }
  // Its username is its email: refused when that is another account's username (auth/account-names.ts).
  const [named] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${email})`);
  if (named !== undefined) throw nameIsOtherEmail();
  const local = email.slice(0, email.lastIndexOf('@'));
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        username: email,
        email,
        firstname: identity.givenName ?? identity.name ?? local,
        lastname: identity.familyName ?? '',
        position: null,
        passwordHash: null,
        isLight: true,
      });
      await tx.insert(members).values({ organisationId, userId: id, role: 'ROLE_PROJECT_SELF_SERVICE' });
    });
  } catch (error) {
    // The unique indexes on username and email decide races and look-alike usernames.
    if (await userIdByEmail(db, email).catch(() => null)) throw accountExists();
    const [clash] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${email})`);
    if (clash !== undefined) throw accountExists();
    throw error;
  }
  return id;
}

export function accountExists(): HttpError {
  return new HttpError(409, { message: 'An account with this email exists already: sign in', code: 'ssoAccountExists' });
}
