/**
 * Organisations as the provider's SRE manages them: every organisation with its figures, and the
 * creation of one — name, contract start date (§9: 1 January by default), yearly quota — with its
 * first administrator, who gets the usual invitation mail and becomes an organisation admin on
 * accepting it. SRE only.
 */
import { z } from 'zod';
import { access, defineEndpoint, plainText } from './define';
import { invitationSchema, memberFormSchema } from './members';
import { isoDateSchema } from './organisations';

export const providerOrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  contractStartDate: isoDateSchema,
  yearlyQuota: z.number().int().nullable(),
  createdAt: z.string(),
  members: z.number().int(),
  /** Invitations not answered yet (a new organisation's first administrator until they accept). */
  pendingInvitations: z.number().int(),
});
export type ProviderOrganisation = z.infer<typeof providerOrganisationSchema>;

export const listAllOrganisations = defineEndpoint({
  id: 'organisations.listAll',
  method: 'GET',
  path: '/v4/console/api/admin/organisations',
  summary: 'Every organisation with its members and pending invitations (SRE only)',
  access: access.provider('sre'),
  response: z.array(providerOrganisationSchema),
});

export const newOrganisationSchema = z.object({
  name: plainText().trim().min(1).max(100),
  /** Omitted: 1 January of the current year (§9). */
  contractStartDate: isoDateSchema.optional(),
  yearlyQuota: z.number().int().min(0).max(1_000_000_000).nullable(),
  /** The first administrator, invited by mail. */
  administrator: memberFormSchema.pick({ firstname: true, lastname: true, username: true, email: true, position: true }),
});
export type NewOrganisation = z.output<typeof newOrganisationSchema>;

export const createOrganisation = defineEndpoint({
  id: 'organisations.create',
  method: 'POST',
  path: '/v4/console/api/admin/organisations',
  summary: 'Create an organisation and invite its first administrator by mail (SRE only)',
  access: access.provider('sre'),
  body: newOrganisationSchema,
  response: z.object({ organisation: providerOrganisationSchema, invitation: invitationSchema }),
});

export const providerOrganisationEndpoints = [listAllOrganisations, createOrganisation] as const;
