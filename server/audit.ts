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
 * Reads are grouped as they are written: a staff member browsing an organisation would otherwise
 * fill its log with one line per call. A read right after the same person's previous entry in that
 * organisation, itself a read less than READ_GROUP_GAP_MS old and of the same UTC day, is counted on
 * that entry (`calls`, `firstAt` … `at`) instead of adding one; a change in between starts a new
 * entry, so the log keeps its order. Each entry is still one row, so paging counts what the screen
 * shows, and a day filter (UTC days) never splits a group. The entry keeps the place read (an
 * environment, a project) while it is the same, else it names the organisation.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

type AuditEntry = typeof auditLogs.$inferInsert & { organisationId: string | null; asUserId: string | null };

/** The longest pause between two reads counted on one entry. */
export const READ_GROUP_GAP_MS = 30 * 60 * 1000;

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
  // Callback style, so a call that will not be audited (most reads) costs no promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!mayBeAudited(request)) return done();
    auditNamesOf(ctx, request).then(
      (names) => {
        request.auditNames = names;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
  // Callback style, so the common case (a read by a customer) costs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const entry = auditEntry(request, reply.statusCode);
    if (entry === null) return done(null, payload);
    const write = READS.has(entry.method) ? recordRead(ctx, entry) : ctx.db.insert(auditLogs).values(entry);
    write.then(
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
function auditEntry(request: FastifyRequest, statusCode: number): AuditEntry | null {
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

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Counts a read on the same person's previous entry in the organisation when it is a recent read, else adds an entry. */
async function recordRead(ctx: ServerContext, entry: AuditEntry): Promise<void> {
  const now = new Date();
  const [last] = await ctx.db
    .select({ id: auditLogs.id, at: auditLogs.at, firstAt: auditLogs.firstAt, method: auditLogs.method, targetType: auditLogs.targetType, targetId: auditLogs.targetId })
    .from(auditLogs)
    .where(
      and(
        entry.organisationId === null ? isNull(auditLogs.organisationId) : eq(auditLogs.organisationId, entry.organisationId),
        eq(auditLogs.actorId, entry.actorId),
        entry.asUserId === null ? isNull(auditLogs.asUserId) : eq(auditLogs.asUserId, entry.asUserId),
      ),
    )
    .orderBy(desc(auditLogs.at), desc(auditLogs.id))
    .limit(1);
  const counted =
    last !== undefined && READS.has(last.method) && now.getTime() - last.at.getTime() < READ_GROUP_GAP_MS && utcDay(last.firstAt ?? last.at) === utcDay(now);
  if (!counted) {
    await ctx.db.insert(auditLogs).values({ ...entry, at: now });
    return;
  }
  const samePlace = last.targetType === entry.targetType && last.targetId === entry.targetId;
  const place = samePlace
    ? { targetType: entry.targetType, targetId: entry.targetId, names: entry.names }
    : { targetType: entry.organisationId === null ? null : 'organisation', targetId: entry.organisationId, names: null };
  await ctx.db
    .update(auditLogs)
    .set({
      ...place,
      action: entry.action,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      at: now,
      firstAt: sql`coalesce(${auditLogs.firstAt}, ${auditLogs.at})`,
      calls: sql`${auditLogs.calls} + 1`,
    })
    .where(eq(auditLogs.id, last.id));
}
