/**
 * The names an audit entry is read with: "Alice a créé l'environnement Production du projet
 * Courrier entrant". Looked up before the handler runs, so a deletion still names what it deleted;
 * stored with the entry, so it reads the same after a rename or once the thing is gone.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditNames } from '../src/contract/members';
import type { ServerContext } from './context';
import { environments, invitations, projects, users } from './db/schema';

const MAX_NAME = 200;

function field(record: unknown, name: string): string | null {
  const value = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_NAME) : null;
}

/** What the body names: a name, a username (people), or a webhook's host (never its full URL, which may carry a token). */
function bodyName(body: unknown): string | null {
  const url = field(body, 'url');
  let host: string | null = null;
  if (url !== null) {
    try {
      host = new URL(url).host;
    } catch {
      host = null;
    }
  }
  return field(body, 'name') ?? field(body, 'username') ?? host;
}

export async function auditNamesOf(ctx: ServerContext, request: FastifyRequest): Promise<AuditNames | null> {
  const names: AuditNames = {};
  const params = request.input?.params;
  const environmentId = request.scope?.environmentId ?? field(params, 'envId');
  const projectId = request.scope?.projectId ?? null;
  if (environmentId !== null) {
    const [row] = await ctx.db
      .select({ environment: environments.name, project: projects.name })
      .from(environments)
      .innerJoin(projects, eq(projects.id, environments.projectId))
      .where(eq(environments.id, environmentId))
      .limit(1);
    if (row) Object.assign(names, row);
  } else if (projectId !== null) {
    const [row] = await ctx.db.select({ project: projects.name }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (row) names.project = row.project;
  }
  const userId = field(params, 'userId');
  if (userId !== null) {
    const [row] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
    if (row) names.name = row.username;
  }
  // An invitation (resent, cancelled) names its invitee by the username the invitation was made for,
  // as the invitation's creation does.
  const invitationId = field(params, 'invitationId');
  const orgaId = field(params, 'orgaId');
  if (invitationId !== null && orgaId !== null) {
    const [row] = await ctx.db
      .select({ username: invitations.username })
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.organisationId, orgaId)))
      .limit(1);
    if (row) names.name = row.username;
  }
  const named = names.name ?? bodyName(request.input?.body);
  if (named !== null) names.name = named;
  return Object.keys(names).length > 0 ? names : null;
}
