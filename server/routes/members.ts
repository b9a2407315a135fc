/**
 * Members, invitations, direct user creation and the audit log of an organisation (spec §3 Member,
 * §5 member form, §6 admin mode and per-project profiles). Roles follow what a member is given: admin
 * mode makes an organisation admin, otherwise the strongest project profile names the role.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/contract/auth';
import type { ProjectProfile } from '../../src/contract/define';
import {
  answerInvitation,
  cancelInvitation,
  resendInvitation,
  AUDIT_PAGE_SIZE,
  createInvitation,
  createUser,
  getInvitation,
  listAuditLogs,
  listInvitations,
  listMembers,
  removeMember,
  updateMember,
  type Member,
  type MemberForm,
} from '../../src/contract/members';
import { auditActor, auditTarget } from '../audit';
import { accountExists, assertAccountNamesFree } from '../auth/account-names';
import { principalOf } from '../auth/guard';
import { assertNewPassword, hashPassword } from '../auth/passwords';
import { hashToken } from '../crypto/token-hash';
import type { ServerContext } from '../context';
import type { Database } from '../db/open';
import { auditLogs, invitations, members, organisations, projectPermissions, projects, users } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { temporaryPassword as newTemporaryPassword } from '../auth/temporary-password';
import { HttpError } from '../http-error';
import { assertNotLastAdmin } from '../organisations/last-admin';
import { insertInvitation, invitationView, newInvitationToken, pendingInvitation, sendInvitationMail } from '../organisations/invitations';
import { registerEndpoint } from './register';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Grant = { projectId: string; profile: ProjectProfile };

/** The role a non-admin member gets from their strongest profile. */
export function roleFor(adminMode: 'admin' | 'notAdmin', grants: readonly Grant[], current?: Role): Role {
  if (adminMode === 'admin') return 'ROLE_ORGANISATION_ADMIN';
  if (current === 'ROLE_PROJECT_SELF_SERVICE') return current;
  const profiles = grants.map((g) => g.profile);
  if (profiles.includes('configurator')) return 'ROLE_PROJECT_ADMIN';
  if (profiles.includes('qualifier')) return 'ROLE_PROJECT_QUALIFIER';
  return 'ROLE_PROJECT_VIEWER';
}

async function loadMembers(db: Database | Tx, organisationId: string, onlyUserId?: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
      email: users.email,
      position: users.position,
      role: members.role,
      adminMode: members.adminMode,
      guest: members.guest,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organisationId, organisationId), onlyUserId === undefined ? undefined : eq(members.userId, onlyUserId)))
    .orderBy(users.lastname, users.firstname);
  const projectIds = (await db.select({ id: projects.id }).from(projects).where(eq(projects.organisationId, organisationId))).map(
    (p) => p.id,
  );
  const grants = await db
    .select()
    .from(projectPermissions)
    .where(eq(projectPermissions.organisationId, organisationId));
  return rows.map((row) => ({
    ...row,
    profiles: projectIds.map((projectId) => ({
      projectId,
      profile: grants.find((g) => g.userId === row.userId && g.projectId === projectId)?.profile ?? 'noAccess',
    })),
  }));
}

async function oneMember(db: Database | Tx, organisationId: string, userId: string): Promise<Member> {
  const [member] = await loadMembers(db, organisationId, userId);
  if (member === undefined) throw new HttpError(404, { message: 'Member not found', code: 'memberNotFound' });
  return member;
}

/** Grants only projects of this organisation; noAccess is stored as no row. */
async function setGrants(tx: Tx, organisationId: string, userId: string, grants: readonly Grant[]): Promise<void> {
  const own = new Set(
    (await tx.select({ id: projects.id }).from(projects).where(eq(projects.organisationId, organisationId))).map((p) => p.id),
  );
  const foreign = grants.filter((g) => !own.has(g.projectId));
  if (foreign.length > 0) throw new HttpError(400, { message: 'Unknown project in profiles', code: 'unknownProject' });
  await tx
    .delete(projectPermissions)
    .where(and(eq(projectPermissions.organisationId, organisationId), eq(projectPermissions.userId, userId)));
  const rows = grants.filter((g) => g.profile !== 'noAccess').map((g) => ({ organisationId, userId, ...g }));
  if (rows.length > 0) await tx.insert(projectPermissions).values(rows);
}

/** Creates the user and the membership in one transaction. */
async function createMemberUser(
  db: Database,
  organisationId: string,
  form: Required<Pick<MemberForm, 'firstname' | 'lastname' | 'username' | 'email'>> & {
    position: string | null;
    guest: boolean;
    profiles: Grant[];
    /** A new organisation's first administrator (an admin invitation). */
    admin?: boolean;
  },
  password: { hash: string; expired: boolean },
): Promise<string> {
  const userId = randomUUID();
  // Again at acceptance: another account may have taken the name since the invitation was sent.
  await assertAccountNamesFree(db, form);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        firstname: form.firstname,
        lastname: form.lastname,
        username: form.username,
        email: form.email,
        position: form.position,
        passwordHash: password.hash,
        passwordExpired: password.expired,
      });
      await tx.insert(members).values({
        organisationId,
        userId,
        role: roleFor(form.admin ? 'admin' : 'notAdmin', form.profiles),
        adminMode: form.admin ? 'admin' : 'notAdmin',
        guest: form.guest,
      });
      await setGrants(tx, organisationId, userId, form.profiles);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
  return userId;
}



async function invitationByToken(ctx: ServerContext, token: string) {
  const [row] = await ctx.db
    .select({ invitation: invitations, organisationName: organisations.name })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (row === undefined) throw new HttpError(404, { message: 'Invitation not found', code: 'invitationNotFound' });
  return row;
}

export function registerMemberRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, listMembers, ({ params }) => loadMembers(ctx.db, params.orgaId));

  registerEndpoint(app, ctx, updateMember, async ({ params, body, request }) => {
    const current = await oneMember(ctx.db, params.orgaId, params.userId);
    await ctx.db.transaction(async (tx) => {
      // An admin may step down (their own switch too) while another admin remains.
      if (body.adminMode === 'notAdmin' && current.adminMode === 'admin') await assertNotLastAdmin(tx, params.orgaId, params.userId);
      const grants = body.profiles ?? current.profiles;
      const adminMode = body.adminMode ?? current.adminMode;
      if (body.profiles !== undefined) await setGrants(tx, params.orgaId, params.userId, body.profiles);
      await tx
        .update(members)
        .set({ adminMode, role: roleFor(adminMode, grants, current.role) })
        .where(and(eq(members.organisationId, params.orgaId), eq(members.userId, params.userId)));
      if (body.position !== undefined) {
        await tx.update(users).set({ position: body.position }).where(eq(users.id, params.userId));
      }
    });
    auditTarget(request, { type: 'member', id: params.userId });
    return oneMember(ctx.db, params.orgaId, params.userId);
  });

  registerEndpoint(app, ctx, removeMember, async ({ params, request }) => {
    if (params.userId === principalOf(request).userId) {
      throw new HttpError(409, { message: 'You cannot remove yourself', code: 'removeSelf' });
    }
    const removed = await ctx.db.transaction(async (tx) => {
      await assertNotLastAdmin(tx, params.orgaId, params.userId);
      return tx
        .delete(members)
        .where(and(eq(members.organisationId, params.orgaId), eq(members.userId, params.userId)))
        .returning({ userId: members.userId });
    });
    if (removed.length === 0) throw new HttpError(404, { message: 'Member not found', code: 'memberNotFound' });
    auditTarget(request, { type: 'member', id: params.userId });
  });

  registerEndpoint(app, ctx, listInvitations, async ({ params }) => {
    const rows = await ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.organisationId, params.orgaId))
      .orderBy(desc(invitations.createdAt));
    return rows.map(invitationView);
  });

  registerEndpoint(app, ctx, createInvitation, async ({ params, body, request, reply }) => {
    await assertAccountNamesFree(ctx.db, body);
    const [organisation] = await ctx.db.select().from(organisations).where(eq(organisations.id, params.orgaId));
    const { row, token } = await insertInvitation(ctx.db, params.orgaId, body, principalOf(request).userId);
    await sendInvitationMail(ctx, request, { ...body, token }, organisation?.name ?? '');
    auditTarget(request, { type: 'invitation', id: row.id });
    reply.code(201);
    return invitationView(row);
  });

  registerEndpoint(app, ctx, resendInvitation, async ({ params, request }) => {
    const invitation = await pendingInvitation(ctx.db, params.orgaId, params.invitationId);
    // A new token: the link of the first mail (perhaps forwarded or lost) stops working.
    const token = newInvitationToken();
    const [row] = await ctx.db
      .update(invitations)
      .set({ tokenHash: hashToken(token) })
      .where(eq(invitations.id, invitation.id))
      .returning();
    const [organisation] = await ctx.db.select().from(organisations).where(eq(organisations.id, params.orgaId));
    await sendInvitationMail(ctx, request, { ...invitation, token }, organisation?.name ?? '');
    auditTarget(request, { type: 'invitation', id: invitation.id });
    return invitationView(row!);
  });

  registerEndpoint(app, ctx, cancelInvitation, async ({ params, request }) => {
    const invitation = await pendingInvitation(ctx.db, params.orgaId, params.invitationId);
    await ctx.db.delete(invitations).where(eq(invitations.id, invitation.id));
    auditTarget(request, { type: 'invitation', id: invitation.id });
  });

  registerEndpoint(app, ctx, getInvitation, async ({ params }) => {
    const { invitation, organisationName } = await invitationByToken(ctx, params.token);
    return { organisationName, firstname: invitation.firstname, username: invitation.username, status: invitation.status };
  });

  registerEndpoint(app, ctx, answerInvitation, async ({ params, body, request }) => {
    const { invitation } = await invitationByToken(ctx, params.token);
    if (invitation.status !== 'pending') {
      throw new HttpError(409, { message: `This invitation was already ${invitation.status}`, code: 'invitationAnswered' });
    }
    let userId: string | null = null;
    if (body.accept) {
      assertNewPassword(body.password);
      userId = await createMemberUser(
        ctx.db,
        invitation.organisationId,
        { ...invitation, profiles: invitation.profiles as Grant[] },
        { hash: await hashPassword(body.password), expired: false },
      );
    }
    const status = body.accept ? ('accepted' as const) : ('declined' as const);
    await ctx.db.update(invitations).set({ status, answeredAt: new Date() }).where(eq(invitations.id, invitation.id));
    // A public call: the invitee is who acted (audited with the token masked).
    auditActor(request, { userId: userId ?? `invitation:${invitation.id}`, username: invitation.username });
    auditTarget(request, { type: 'invitation', id: invitation.id, organisationId: invitation.organisationId });
    return { status };
  });

  registerEndpoint(app, ctx, createUser, async ({ params, body, request, reply }) => {
    await assertAccountNamesFree(ctx.db, body);
    // Shown once to the admin, who passes it on; the user must choose their own at first sign-in.
    const temporaryPassword = newTemporaryPassword();
    const userId = await createMemberUser(ctx.db, params.orgaId, body, {
      hash: await hashPassword(temporaryPassword),
      expired: true,
    });
    auditTarget(request, { type: 'user', id: userId });
    reply.code(201);
    return { member: await oneMember(ctx.db, params.orgaId, userId), temporaryPassword };
  });

  /** `read`: every reading; `area.`: every operation of an area (programs); else one operation id. */
  const actionCondition = (action: string | undefined) => {
    if (!action) return undefined;
    if (action === 'read') return inArray(auditLogs.method, ['GET', 'HEAD']);
    if (action.endsWith('.')) return sql`starts_with(${auditLogs.action}, ${action})`;
    return eq(auditLogs.action, action);
  };

  registerEndpoint(app, ctx, listAuditLogs, async ({ params, query }) => {
    const conditions = and(
      eq(auditLogs.organisationId, params.orgaId),
      // Exact matches: the screen's pickers send a member's username and an operation id.
      query.person ? or(eq(auditLogs.actorUsername, query.person), eq(auditLogs.asUsername, query.person)) : undefined,
      actionCondition(query.action),
      query.from ? gte(auditLogs.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(auditLogs.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
    );
    const [total] = await ctx.db.select({ n: count() }).from(auditLogs).where(conditions);
    const rows = await ctx.db
      .select()
      .from(auditLogs)
      .where(conditions)
      .orderBy(desc(auditLogs.at), desc(auditLogs.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE);
    // Sentences name people by their first and last name; the username stays for the filter.
    const ids = [...new Set(rows.flatMap((row) => [row.actorId, row.asUserId ?? row.actorId]))];
    const people = ids.length === 0 ? [] : await ctx.db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, ids));
    const nameOf = (id: string | null) => {
      const person = people.find((one) => one.id === id);
      const name = person ? `${person.firstname} ${person.lastname}`.trim() : '';
      return name === '' ? null : name;
    };
    return {
      items: rows.map((row) => ({ ...row, at: row.at.toISOString(), firstAt: row.firstAt?.toISOString() ?? null, actorName: nameOf(row.actorId), asName: row.asUserId === null ? null : nameOf(row.asUserId) })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: AUDIT_PAGE_SIZE,
    };
  });
}

