/**
 * The audit log, written by one hook rather than by each handler, so no change can forget it:
 * - every successful change (any method but GET and HEAD) by anyone;
 * - every successful call at all by provider staff, or by a support agent ghosting someone (spec §1:
 *   their actions appear in audit logs), reads included.
 * The target is the most precise scope the permission check resolved (environment, project,
 * organisation); a handler that creates something names it with `auditTarget(request, …)`.
 * The entry is written in onSend, before the answer leaves, so a client that sees the answer can
 * read the entry.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from './context';
import { auditLogs } from './db/schema';

export interface AuditTarget {
  type: string;
  id: string;
  /** The organisation the target belongs to, when the permission scope does not say it. */
  organisationId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditTarget: AuditTarget | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Names what a handler created or changed when the path does not (e.g. a new project's id). */
export function auditTarget(request: FastifyRequest, target: AuditTarget): void {
  request.auditTarget = target;
}

function targetOf(request: FastifyRequest): { organisationId: string | null; type: string | null; id: string | null } {
  const scope = request.scope;
  const explicit = request.auditTarget;
  const organisationId = explicit?.organisationId ?? scope?.organisationId ?? null;
  if (explicit !== null) return { organisationId, type: explicit.type, id: explicit.id };
  if (scope?.environmentId) return { organisationId, type: 'environment', id: scope.environmentId };
  if (scope?.projectId) return { organisationId, type: 'project', id: scope.projectId };
  if (scope?.organisationId) return { organisationId, type: 'organisation', id: scope.organisationId };
  return { organisationId, type: null, id: null };
}

export function installAuditLog(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('auditTarget', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config.endpoint;
    const principal = request.principal;
    if (endpoint === undefined || principal === null || reply.statusCode >= 400) return payload;
    const staff = principal.providerRole !== null || principal.actor !== undefined;
    if (READS.has(request.method) && !staff) return payload;
    const actor = principal.actor ?? principal;
    const target = targetOf(request);
    await ctx.db.insert(auditLogs).values({
      id: randomUUID(),
      organisationId: target.organisationId,
      actorId: actor.userId,
      actorUsername: actor.username,
      asUserId: principal.actor === undefined ? null : principal.userId,
      asUsername: principal.actor === undefined ? null : principal.username,
      action: endpoint.id,
      method: request.method,
      // The path without its query string: queries may carry search terms or tokens.
      path: request.url.split('?')[0] ?? request.url,
      targetType: target.type,
      targetId: target.id,
      status: reply.statusCode,
    });
    return payload;
  });
}
