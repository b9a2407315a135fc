/**
 * The alert job: evaluates every enabled alert, records a firing when its condition
 * starts to hold and a recovery when it stops, and mails the contact for each. Several server
 * processes run the job: a transaction-scoped advisory lock lets one evaluate while the others skip
 * that round, and the state change and its event are written in that transaction, so each firing
 * is recorded (and mailed) once. Mails go out after the commit: a process that dies in between loses
 * that mail rather than sending it twice. Each mail is in the alert's language.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ALERT_INTERVAL_HOURS, type AlertSettings } from '../../src/contract/alerts';
import type { Database } from '../db/open';
import { analyses, analysisUsage } from '../db/schema';
import { alertEvents, alerts } from '../db/schema-alerts';
import { serverText, type Language } from '../i18n/error-messages';
import type { MailMessage, Mailer } from '../mail/mailer';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job';
import { rowsOf } from '../pipeline/claim';

/** Arbitrary constant naming the alert job's advisory lock (claim, rollup and migration have others). */
const ALERT_LOCK_KEY = 727_347_019;
const MINUTE_MS = 60_000;

/** The figure an alert looks at, and whether it fires on it. */
async function measure(db: Database, environmentId: string, settings: AlertSettings, now: Date): Promise<{ value: number; fires: boolean }> {
  if (settings.kind === 'timeout') {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyses)
      .where(
        and(
          eq(analyses.environmentId, environmentId),
          inArray(analyses.status, ['waiting', 'pending']),
          lt(analyses.createdAt, new Date(now.getTime() - settings.timeoutMinutes * MINUTE_MS)),
        ),
      );
    const late = row?.n ?? 0;
    return { value: late, fires: late > 0 };
  }
  const since = new Date(now.getTime() - ALERT_INTERVAL_HOURS[settings.interval] * 60 * MINUTE_MS);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(analysisUsage)
    .where(and(eq(analysisUsage.environmentId, environmentId), gte(analysisUsage.createdAt, since), lt(analysisUsage.createdAt, now)));
  const received = row?.n ?? 0;
  return { value: received, fires: settings.direction === 'below' ? received < settings.threshold : received > settings.threshold };
}

/** The mail of a firing or a recovery, in the alert's language (the one of whoever last saved it). */
function mailFor(settings: AlertSettings, language: Language, kind: 'fired' | 'recovered', value: number, environmentId: string): MailMessage {
  const say = (key: string, params: Record<string, unknown> = {}) => serverText(language, `dashboard:alerts.mail.${key}`, params);
  const what =
    settings.kind === 'timeout'
      ? say('timeout', { count: value, minutes: settings.timeoutMinutes })
      : say('volume', { count: value, period: say(`periods.${settings.interval}`), condition: say(`conditions.${settings.direction}`, { threshold: settings.threshold }) });
  // Both lines are translated texts (dashboard:alerts.mail), not sentences of the server's own.
  const text = [say(`head.${kind}`, { name: settings.name, environment: environmentId }), what, ''].join('\n');
  return { to: settings.email, subject: say(`subject.${kind}`, { name: settings.name }), text };
}

export interface AlertRound {
  /** False when another process held the lock: this one did nothing. */
  evaluated: boolean;
  events: number;
}

export async function evaluateAlerts(db: Database, mailer: Mailer, now = new Date()): Promise<AlertRound> {
  const outgoing: MailMessage[] = [];
  const round = await db.transaction(async (tx) => {
    const locked = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ALERT_LOCK_KEY}) AS locked`))[0]?.locked;
    if (locked !== true) return { evaluated: false, events: 0 };
    let events = 0;
    for (const alert of await tx.select().from(alerts).where(eq(alerts.enabled, true))) {
      const { value, fires } = await measure(tx as unknown as Database, alert.environmentId, alert.settings, now);
      const changed = fires !== alert.firing;
      await tx.update(alerts).set({ firing: fires, lastEvaluatedAt: now }).where(eq(alerts.id, alert.id));
      if (!changed) continue;
      const kind = fires ? 'fired' : 'recovered';
      await tx.insert(alertEvents).values({ id: randomUUID(), alertId: alert.id, environmentId: alert.environmentId, kind, at: now, value });
      outgoing.push(mailFor(alert.settings, alert.language, kind, value, alert.environmentId));
      events += 1;
    }
    return { evaluated: true, events };
  });
  for (const mail of outgoing) await mailer.send(mail);
  return round;
}

/** Every `everyMs` (a minute by default), evaluates the alerts until the job is stopped. */
export function startAlertJob(db: Database, mailer: Mailer, onError: (error: unknown) => void, everyMs = 60_000): PeriodicJob {
  return startPeriodicJob(() => evaluateAlerts(db, mailer), everyMs, onError);
}
