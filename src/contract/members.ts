/** Members, invitations, direct user creation and audit logs of an organisation (spec §3 Member, §5, §6). */
import { z } from 'zod';
import { dayParam } from './date-params';
import { access, defineEndpoint, plainText } from './define';
import { accessProfileSchema, personSchema, roleSchema } from './auth';

const orgaParams = z.object({ orgaId: z.string().min(1) });
const memberParams = orgaParams.extend({ userId: z.string().min(1) });

export const adminModeSchema = z.enum(['admin', 'notAdmin']);
export const projectGrantSchema = z.object({ projectId: z.string().min(1), profile: accessProfileSchema });

export const memberSchema = personSchema.extend({
  userId: z.string(),
  role: roleSchema,
  adminMode: adminModeSchema,
  guest: z.boolean(),
  /** One entry per project of the organisation (noAccess when nothing is granted). */
  profiles: z.array(projectGrantSchema),
});
export type Member = z.infer<typeof memberSchema>;

export const listMembers = defineEndpoint({
  id: 'members.list',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}/members',
  summary: 'Members with role, admin mode, position and profile per project',
  access: access.organisation('orgaId', 'contributor'),
  params: orgaParams,
  response: z.array(memberSchema),
});

export const updateMember = defineEndpoint({
  id: 'members.update',
  method: 'PATCH',
  path: '/v4/console/api/organisation/{orgaId}/members/{userId}',
  summary: 'Change a member’s admin mode, position or per-project profiles (organisation admins)',
  access: access.organisation('orgaId', 'admin'),
  params: memberParams,
  body: z.object({
    adminMode: adminModeSchema.optional(),
    position: z.string().max(100).nullable().optional(),
    profiles: z.array(projectGrantSchema).max(1000).optional(),
  }),
  response: memberSchema,
});

export const removeMember = defineEndpoint({
  id: 'members.remove',
  method: 'DELETE',
  path: '/v4/console/api/organisation/{orgaId}/members/{userId}',
  summary: 'Remove a member from the organisation (organisation admins)',
  access: access.organisation('orgaId', 'admin'),
  params: memberParams,
});

/** §3 Member / §5: firstname, lastname, username and email are mandatory. */
export const memberFormSchema = z.object({
  firstname: plainText().trim().min(1).max(100),
  lastname: plainText().trim().min(1).max(100),
  username: plainText().trim().min(1).max(100).regex(/^[\w.@-]+$/, 'Letters, digits, dot, dash, underscore or @ only'),
  email: z.email().max(254),
  position: plainText().trim().max(100).nullable().default(null),
  /** External to the organisation: sees only the projects granted below (§6). */
  guest: z.boolean().default(false),
  profiles: z.array(projectGrantSchema).max(1000).default([]),
});
export type MemberForm = z.input<typeof memberFormSchema>;

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'declined']);

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  position: z.string().nullable(),
  guest: z.boolean(),
  status: invitationStatusSchema,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listInvitations = defineEndpoint({
  id: 'invitations.list',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}/invitations',
  summary: 'Invitations of an organisation with their status',
  access: access.organisation('orgaId', 'admin'),
  params: orgaParams,
  response: z.array(invitationSchema),
});

export const createInvitation = defineEndpoint({
  id: 'invitations.create',
  method: 'POST',
  path: '/v4/console/api/organisation/{orgaId}/invitations',
  summary: 'Invite someone by email; the mail carries a link to accept or decline',
  access: access.organisation('orgaId', 'admin'),
  params: orgaParams,
  body: memberFormSchema,
  response: invitationSchema,
});

const invitationParams = orgaParams.extend({ invitationId: z.string().min(1) });

export const resendInvitation = defineEndpoint({
  id: 'invitations.resend',
  method: 'POST',
  path: '/v4/console/api/organisation/{orgaId}/invitations/{invitationId}/resend',
  summary: 'Mail a pending invitation again, with a new link (the previous link stops working)',
  access: access.organisation('orgaId', 'admin'),
  params: invitationParams,
  response: invitationSchema,
});

export const cancelInvitation = defineEndpoint({
  id: 'invitations.cancel',
  method: 'DELETE',
  path: '/v4/console/api/organisation/{orgaId}/invitations/{invitationId}',
  summary: 'Cancel a pending invitation: its link no longer opens anything',
  access: access.organisation('orgaId', 'admin'),
  params: invitationParams,
});

const tokenParams = z.object({ token: z.string().min(10).max(200) });

export const getInvitation = defineEndpoint({
  id: 'invitations.get',
  method: 'GET',
  path: '/v4/console/api/invitation/{token}',
  summary: 'What an invitation link invites to (public: the token is the credential)',
  access: access.public,
  params: tokenParams,
  response: z.object({
    organisationName: z.string(),
    firstname: z.string(),
    username: z.string(),
    status: invitationStatusSchema,
  }),
});

export const answerInvitation = defineEndpoint({
  id: 'invitations.answer',
  method: 'POST',
  path: '/v4/console/api/invitation/{token}',
  summary: 'Accept (choosing a password) or decline an invitation',
  access: access.public,
  params: tokenParams,
  body: z.discriminatedUnion('accept', [
    z.object({ accept: z.literal(true), password: z.string().min(1).max(1024) }),
    z.object({ accept: z.literal(false) }),
  ]),
  response: z.object({ status: invitationStatusSchema }),
});

export const createUser = defineEndpoint({
  id: 'users.create',
  method: 'POST',
  path: '/v4/console/api/organisation/{orgaId}/users',
  summary: 'Create a user directly; answers a one-time password that must be changed at first sign-in',
  access: access.organisation('orgaId', 'admin'),
  params: orgaParams,
  body: memberFormSchema,
  response: z.object({ member: memberSchema, temporaryPassword: z.string() }),
});

// ---- audit logs ---------------------------------------------------------------------------------

/**
 * The names an audit entry is read with, as they were when it was written: the environment
 * and project of the call, and what the call named (a created thing's name, a member's username, a
 * webhook's host). Entries written before have none.
 */
export const auditNamesSchema = z.object({ environment: z.string().optional(), project: z.string().optional(), name: z.string().optional() });
export type AuditNames = z.infer<typeof auditNamesSchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorUsername: z.string(),
  /** The actor's first and last name now (sentences name the person), null once the account is gone. */
  actorName: z.string().nullable(),
  asUsername: z.string().nullable(),
  /** The same for the one acted as (ghosting). */
  asName: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  status: z.number().int(),
  names: auditNamesSchema.nullable(),
  /** How many calls the entry stands for: a staff member's consecutive reads are one entry, from `firstAt` to `at`. */
  calls: z.number().int().min(1),
  firstAt: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const AUDIT_PAGE_SIZE = 25;

export const listAuditLogs = defineEndpoint({
  id: 'auditLogs.list',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}/audit-logs',
  summary: 'Audit log of an organisation, newest first, filtered by person, action and date range',
  access: access.organisation('orgaId', 'admin'),
  params: orgaParams,
  query: z.object({
    /** A username, matched exactly as the one who acted or the one acted as (ghosting). */
    person: z.string().max(100).optional(),
    /** An operation id, matched exactly; `read` = every reading (provider staff's); ending in `.` (`projects.`), every operation of that area. */
    action: z.string().max(100).optional(),
    /** Inclusive, `YYYY-MM-DD` (UTC days). */
    from: dayParam().optional(),
    to: dayParam().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({
    items: z.array(auditLogEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
