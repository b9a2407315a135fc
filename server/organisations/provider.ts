/**
 * Organisations as the SRE manages them (contract: src/contract/provider-organisations.ts): every
 * organisation with its figures, and creating one with the invitation of its first administrator,
 * in one transaction (no organisation without its invitation); the mail leaves once both are stored.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ProviderOrganisation } from '../../src/contract/provider-organisations';
import type { Invitation } from '../../src/contract/members';
import type { z } from 'zod';
import type { newOrganisationSchema } from '../../src/contract/provider-organisations';
import { assertAccountNamesFree } from '../auth/account-names';
import type { ServerContext } from '../context';
import type { Database } from '../db/open';
import { invitations, members, organisations } from '../db/schema';
import { insertInvitation, invitationView, sendInvitationMail } from './invitations';

const figures = {
  id: organisations.id,
  name: organisations.name,
  contractStartDate: organisations.contractStartDate,
  yearlyQuota: organisations.yearlyQuota,
  createdAt: organisations.createdAt,
  // Qualified by hand: with one table in FROM, Drizzle leaves column names bare, which the subquery would read as its own.
  members: sql<number>`(select count(*)::int from ${members} m where m.organisation_id = ${organisations}.id)`,
  pendingInvitations: sql<number>`(select count(*)::int from ${invitations} i where i.organisation_id = ${organisations}.id and i.status = 'pending')`,
};

type Row = { [K in keyof typeof figures]: K extends 'createdAt' ? Date : unknown };
const view = (row: Row): ProviderOrganisation => ({
  id: String(row.id),
  name: String(row.name),
  contractStartDate: String(row.contractStartDate),
  yearlyQuota: row.yearlyQuota === null ? null : Number(row.yearlyQuota),
  createdAt: row.createdAt.toISOString(),
  members: Number(row.members),
  pendingInvitations: Number(row.pendingInvitations),
});

export async function listAllOrganisations(db: Database): Promise<ProviderOrganisation[]> {
  const rows = await db.select(figures).from(organisations).orderBy(asc(organisations.name), asc(organisations.id));
  return rows.map(view);
}

export async function createOrganisationWithAdmin(
  ctx: ServerContext,
  request: FastifyRequest,
  body: z.output<typeof newOrganisationSchema>,
  invitedBy: string,
): Promise<{ organisation: ProviderOrganisation; invitation: Invitation }> {
  const admin = { ...body.administrator, position: body.administrator.position ?? null, guest: false, profiles: [], admin: true };
  await assertAccountNamesFree(ctx.db, admin);
  const id = randomUUID();
  const { row, token } = await ctx.db.transaction(async (tx) => {
    await tx.insert(organisations).values({
      id,
      name: body.name,
      // Omitted: the column's default, 1 January of this year (§9).
      ...(body.contractStartDate !== undefined ? { contractStartDate: body.contractStartDate } : {}),
      yearlyQuota: body.yearlyQuota,
    });
    return insertInvitation(tx, id, admin, invitedBy);
  });
  await sendInvitationMail(ctx, request, { ...admin, token }, body.name);
  const [created] = await ctx.db.select(figures).from(organisations).where(eq(organisations.id, id));
  return { organisation: view(created!), invitation: invitationView(row) };
}
