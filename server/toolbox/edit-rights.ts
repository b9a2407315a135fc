/**
 * Who may change the toolbox of an organisation: its admins and the members who are
 * configurator on at least one of its projects; provider staff let in by the access rule (SRE) may
 * change any kit and alone publish kits to every organisation. Others read only.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { members, projectPermissions } from '../db/schema';
import { HttpError } from '../http-error';
import type { KitRow } from './kits';

export async function mayEditToolbox(ctx: ServerContext, request: FastifyRequest, organisationId: string): Promise<boolean> {
  const principal = request.principal;
  if (principal === null) return false;
  if (principal.providerRole !== null) return true;
  const [membership] = await ctx.db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.userId, principal.userId)));
  if (membership?.role === 'ROLE_ORGANISATION_ADMIN') return true;
  const [grant] = await ctx.db
    .select({ projectId: projectPermissions.projectId })
    .from(projectPermissions)
    .where(and(eq(projectPermissions.organisationId, organisationId), eq(projectPermissions.userId, principal.userId), eq(projectPermissions.profile, 'configurator')))
    .limit(1);
  return grant !== undefined;
}

export const isProviderStaff = (request: FastifyRequest) => request.principal !== null && request.principal.providerRole !== null;

/** Whether the caller may change this kit: a published kit or another organisation's is provider staff's. */
export async function mayEditKit(ctx: ServerContext, request: FastifyRequest, organisationId: string, kit: KitRow): Promise<boolean> {
  if (isProviderStaff(request)) return true;
  if (kit.published || kit.organisationId !== organisationId) return false;
  return mayEditToolbox(ctx, request, organisationId);
}

export function editForbidden(): HttpError {
  return new HttpError(403, { message: 'You may read the toolbox but not change it', code: 'toolboxEditForbidden' });
}

export function publishForbidden(): HttpError {
  return new HttpError(403, { message: 'Only provider staff publish kits to every organisation', code: 'toolboxPublishForbidden' });
}
