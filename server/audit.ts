/**
 * The audit log, written by one hook rather than by each handler, so no change can forget it:
 * - every successful change (any method but GET and HEAD) by anyone;
 * - every successful call at all by provider staff, or by a support agent ghosting someone (spec §1:
 *   their actions appear in audit logs), reads included.
 * The target is the most precise scope the permission check resolved (environment, project,
 * organisation); a handler that creates something names it with `auditTarget(request, …)`.
 * Public calls have no signed-in caller; one that changes something (a password reset, an answer to
 * an invitation) names who acted with `auditActor(request, …)`, and is then logged like the rest.
 * The path is logged as the request log shows it: tokens in it are masked (server/log.ts).
 * The entry is written in onSend, before the answer leaves, so a client that sees the answer can
 * read the entry.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from './context';
import { auditLogs } from './db/schema';
import { redactUrl } from './log';
import type { AuditNames } from '../src/contract/members';
import { auditNamesOf } from './audit-names';

export interface AuditTarget {
  type: string;
  id: string;
  /** The organisation the target belongs to, when the permission scope does not say it. */
  organisationId?: string;
}

export interface AuditActor {
  userId: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditTarget: AuditTarget | null;
    auditActor: AuditActor | null;
    auditNames: AuditNames | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Names what a handler created or changed when the path does not (e.g. a new project's id). */
export function auditTarget(request: FastifyRequest, target: AuditTarget): void {
  request.auditTarget = target;
}

/** Names who acted on a public call (nobody is signed in), so the change is audited. */
export function auditActor(request: FastifyRequest, actor: AuditActor): void {
  request.auditActor = actor;
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
  app.decorateRequest('auditActor', null);
  app.decorateRequest('auditNames', null);
  // The names the entry will be read with, before the handler runs: a deletion still names what it deletes.
  app.addHook('preHandler', async (request) => {
    if (mayBeAudited(request)) request.auditNames = await auditNamesOf(ctx, request);
  });
  // Callback style, so the common case (a read by a customer) costs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const entry = auditEntry(request, reply.statusCode);
    if (entry === null) return done(null, payload);
    ctx.db.insert(auditLogs).values(entry).then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
}

/** Whether the call will be written if it succeeds (public calls name their actor in the handler: maybe). */
function mayBeAudited(request: FastifyRequest): boolean {
  if (request.routeOptions.config.endpoint === undefined) return false;
  const principal = request.principal;
  const staff = principal !== null && (principal.providerRole !== null || principal.actor !== undefined);
  return !READS.has(request.method) || staff;
}

/** The entry this answer calls for, or null when it is not audited. */
function auditEntry(request: FastifyRequest, statusCode: number): typeof auditLogs.$inferInsert | null {
  const endpoint = request.routeOptions.config.endpoint;
  const principal = request.principal;
  if (endpoint === undefined || statusCode >= 400) return null;
  if (principal === null && request.auditActor === null) return null;
  const staff = principal !== null && (principal.providerRole !== null || principal.actor !== undefined);
  if (READS.has(request.method) && !staff) return null;
  const actor = principal?.actor ?? principal ?? request.auditActor;
  if (actor === null) return null;
  const ghosted = principal?.actor !== undefined ? principal : null;
  const target = targetOf(request);
  return {
    id: randomUUID(),
    organisationId: target.organisationId,
    actorId: actor.userId,
    actorUsername: actor.username,
    asUserId: ghosted?.userId ?? null,
    asUsername: ghosted?.username ?? null,
    action: endpoint.id,
    method: request.method,
    // Without the query string (search terms, tokens) and with secret path segments masked.
    path: redactUrl(request.url.split('?')[0] ?? request.url),
    targetType: target.type,
    targetId: target.id,
    status: statusCode,
    names: request.auditNames,
  };
}
