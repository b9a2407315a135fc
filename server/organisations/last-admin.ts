/**
 * An organisation always keeps one admin: without one, nobody could manage its members
 * again but provider support. Checked inside the transaction that demotes or removes, with the
 * admins' rows locked, so two admins demoting each other at once cannot both succeed.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { members } from '../db/schema';
import { HttpError } from '../http-error';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function assertNotLastAdmin(tx: Transaction, organisationId: string, userId: string): Promise<void> {
  const admins = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.adminMode, 'admin')))
    .for('update');
  if (admins.length === 1 && admins[0]!.userId === userId) {
    throw new HttpError(409, { message: "The organisation's last admin keeps their admin mode", code: 'lastAdmin' });
  }
}
