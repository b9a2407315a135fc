/** Alert routes (spec §3 Alert, §4 disable before editing, §6). */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAlert, deleteAlert, listAlerts, setAlertEnabled, updateAlert, type Alert } from '../../src/contract/alerts';
import type { ServerContext } from '../context';
import { alertEvents, alerts } from '../db/schema-alerts';
import { HttpError } from '../http-error';
import { requestLanguage } from '../i18n/error-messages';
import { registerEndpoint } from './register';

/** §2.4: the history shows the latest events. */
const HISTORY_SIZE = 50;

const view = (row: typeof alerts.$inferSelect): Alert => ({
  id: row.id,
  environmentId: row.environmentId,
  settings: row.settings,
  language: row.language,
  enabled: row.enabled,
  firing: row.firing,
  lastEvaluatedAt: row.lastEvaluatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new HttpError(404, { message: 'Alert not found', code: 'alertNotFound' });

export function registerAlertRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const find = async (envId: string, alertId: string) => {
    const [row] = await ctx.db.select().from(alerts).where(and(eq(alerts.id, alertId), eq(alerts.environmentId, envId)));
    if (row === undefined) throw notFound();
    return row;
  };

  registerEndpoint(app, ctx, listAlerts, async ({ params }) => {
    const rows = await ctx.db.select().from(alerts).where(eq(alerts.environmentId, params.envId)).orderBy(alerts.createdAt, alerts.id);
    const names = new Map(rows.map((row) => [row.id, row.settings.name]));
    const events = await ctx.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.environmentId, params.envId))
      .orderBy(desc(alertEvents.at), desc(alertEvents.id))
      .limit(HISTORY_SIZE);
    return {
      alerts: rows.map(view),
      history: events.map((event) => ({
        id: event.id,
        alertId: event.alertId,
        alertName: names.get(event.alertId) ?? '',
        kind: event.kind,
        at: event.at.toISOString(),
        value: event.value,
      })),
    };
  });

  // The alert's mails are written in the language of whoever created or last saved it.
  registerEndpoint(app, ctx, createAlert, async ({ params, body, request, reply }) => {
    const [row] = await ctx.db.insert(alerts).values({ id: randomUUID(), environmentId: params.envId, settings: body, language: requestLanguage(request) }).returning();
    reply.code(201);
    return view(row!);
  });

  registerEndpoint(app, ctx, updateAlert, async ({ params, body, request }) => {
    // §4: only a disabled alert is edited; the check and the write are one statement.
    const [row] = await ctx.db
      .update(alerts)
      .set({ settings: body, language: requestLanguage(request) })
      .where(and(eq(alerts.id, params.alertId), eq(alerts.environmentId, params.envId), eq(alerts.enabled, false)))
      .returning();
    if (row !== undefined) return view(row);
    await find(params.envId, params.alertId);
    throw new HttpError(409, { message: 'Disable the alert before editing it', code: 'alertEnabled' });
  });

  registerEndpoint(app, ctx, setAlertEnabled, async ({ params, body }) => {
    const [row] = await ctx.db
      .update(alerts)
      // Disabling ends a firing quietly; enabling starts from a clean state, evaluated at the next round.
      .set({ enabled: body.enabled, firing: false })
      .where(and(eq(alerts.id, params.alertId), eq(alerts.environmentId, params.envId)))
      .returning();
    if (row === undefined) throw notFound();
    return view(row);
  });

  registerEndpoint(app, ctx, deleteAlert, async ({ params }) => {
    const deleted = await ctx.db
      .delete(alerts)
      .where(and(eq(alerts.id, params.alertId), eq(alerts.environmentId, params.envId)))
      .returning({ id: alerts.id });
    if (deleted.length === 0) throw notFound();
    return { deleted: true as const };
  });
}
