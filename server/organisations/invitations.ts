/**
 * Inviting someone into an organisation: the invitation row (only the token's hash is stored) and
 * the bilingual mail with the link to accept or decline. Organisation admins invite members
 * (routes/members.ts); the SRE invites a new organisation's first administrator
 * (routes/provider-organisations.ts), whose invitation makes them an organisation admin.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Invitation } from '../../src/contract/members';
import { mailedLinkPaths } from '../../src/contract/console-links';
import type { ServerContext } from '../context';
import { hashToken } from '../crypto/token-hash';
import type { Database } from '../db/open';
import { invitations } from '../db/schema';
import { HttpError } from '../http-error';
import { mailedLink } from '../mail/mailed-link';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface InvitationForm {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  position: string | null;
  guest: boolean;
  profiles: { projectId: string; profile: string }[];
  /** Accepting makes them an organisation admin (a new organisation's first administrator). */
  admin?: boolean;
}

export function invitationView(row: typeof invitations.$inferSelect): Invitation {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    username: row.username,
    position: row.position,
    guest: row.guest,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The one-time secret of an invitation link (only its hash is stored). */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** An invitation of the organisation still waiting for an answer: resending or cancelling needs one. */
export async function pendingInvitation(db: Database, organisationId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.organisationId, organisationId)));
  if (row === undefined) throw new HttpError(404, { message: 'Invitation not found', code: 'invitationNotFound' });
  if (row.status !== 'pending') {
    throw new HttpError(409, { message: `This invitation was already ${row.status}`, code: 'invitationAnswered' });
  }
  return row;
}

/** Stores the invitation (in `db`, a transaction when the caller has one) and returns it with its one-time token. */
export async function insertInvitation(
  db: Database | Tx,
  organisationId: string,
  form: InvitationForm,
  invitedBy: string,
): Promise<{ row: typeof invitations.$inferSelect; token: string }> {
  const token = newInvitationToken();
  const [row] = await db
    .insert(invitations)
    .values({
      id: randomUUID(),
      organisationId,
      tokenHash: hashToken(token),
      email: form.email,
      firstname: form.firstname,
      lastname: form.lastname,
      username: form.username,
      position: form.position,
      guest: form.guest,
      profiles: form.profiles,
      admin: form.admin ?? false,
      invitedBy,
    })
    .returning();
  return { row: row!, token };
}

/** The invitation mail, with a link built on a configured origin only (mail/public-links.ts). */
export async function sendInvitationMail(
  ctx: ServerContext,
  request: FastifyRequest,
  invitation: { email: string; firstname: string; username: string; token: string },
  organisationName: string,
): Promise<void> {
  const origin = request.headers.origin;
  const link = mailedLink(ctx.links.baseFor(typeof origin === 'string' ? origin : undefined), mailedLinkPaths.invitation(invitation.token));
  await ctx.mailer.send({
    to: invitation.email,
    subject: `Invitation à rejoindre ${organisationName} sur Postroom`,
    text: [
      `Bonjour ${invitation.firstname},`,
      '',
      `Vous êtes invité(e) à rejoindre l'organisation ${organisationName} sur Postroom (identifiant : ${invitation.username}).`,
      `Pour accepter ou refuser l'invitation : ${link}`,
      '',
      `You are invited to join ${organisationName} on Postroom (username: ${invitation.username}).`,
      `Accept or decline: ${link}`,
    ].join('\n'),
  });
}
