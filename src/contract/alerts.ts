/**
 * Dashboard alerts (spec §2.4 Dashboard with alerts, §3 Alert, §4 alerts must be disabled
 * to be edited, §6 cockpit or qualifier, §9 intervals hour to quarter, timeout in minutes).
 *
 * - timeout: fires while an analysis of the environment is still waiting or running N minutes after
 *   it was received; recovers when none is.
 * - volume: fires when the analyses received over the last interval (a rolling hour, day, 7 days,
 *   30 days or 91 days, ending at the evaluation) are fewer (`below`) or more (`above`) than N.
 * A server job evaluates the enabled alerts every minute, once across all server processes, records
 * each firing and recovery, and mails the contact in the language of whoever created or last saved
 * the alert (their Accept-Language; French for alerts saved before alerts kept one).
 */
import { z } from 'zod';
import { access, defineEndpoint, plainText } from './define';
export { ALERT_ERROR_CODES } from './error-code-lists';

export const ALERT_INTERVALS = ['hour', 'day', 'week', 'month', 'quarter'] as const;
export const alertIntervalSchema = z.enum(ALERT_INTERVALS);
export type AlertInterval = z.infer<typeof alertIntervalSchema>;

/** The rolling window of each interval, in hours. */
export const ALERT_INTERVAL_HOURS: Record<AlertInterval, number> = { hour: 1, day: 24, week: 7 * 24, month: 30 * 24, quarter: 91 * 24 };

export const alertSettingsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('timeout'),
    name: plainText().trim().min(1).max(100),
    /** §3: minutes after reception. */
    timeoutMinutes: z.number().int().min(1).max(7 * 24 * 60),
    email: z.email().max(254),
  }),
  z.object({
    kind: z.literal('volume'),
    name: plainText().trim().min(1).max(100),
    direction: z.enum(['below', 'above']),
    threshold: z.number().int().min(0).max(100_000_000),
    interval: alertIntervalSchema,
    email: z.email().max(254),
  }),
]);
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** The languages an alert's mails are written in. */
export const alertLanguageSchema = z.enum(['fr', 'en']);

export const alertSchema = z.object({
  id: z.string(),
  environmentId: z.string(),
  settings: alertSettingsSchema,
  /** The language of its mails: the one of whoever created or last saved it. */
  language: alertLanguageSchema,
  enabled: z.boolean(),
  /** Firing since the last firing event, until its recovery. */
  firing: z.boolean(),
  lastEvaluatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertEventSchema = z.object({
  id: z.string(),
  alertId: z.string(),
  alertName: z.string(),
  kind: z.enum(['fired', 'recovered']),
  at: z.string(),
  /** The figure that decided: analyses late (timeout) or received over the interval (volume). */
  value: z.number().int(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

const envParams = z.object({ envId: z.string().min(1) });
const alertParams = envParams.extend({ alertId: z.string().min(1) });

export const listAlerts = defineEndpoint({
  id: 'alerts.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/alerts',
  summary: "An environment's alerts and their latest 50 firings and recoveries, newest first (cockpit or qualifier)",
  access: access.environment('envId', 'cockpit', 'operations'),
  params: envParams,
  response: z.object({ alerts: z.array(alertSchema), history: z.array(alertEventSchema) }),
});

export const createAlert = defineEndpoint({
  id: 'alerts.create',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/alerts',
  summary: "Create an alert, enabled; its mails are in the creator's language (Accept-Language)",
  access: access.environment('envId', 'cockpit', 'operations'),
  params: envParams,
  body: alertSettingsSchema,
  response: alertSchema,
});

export const updateAlert = defineEndpoint({
  id: 'alerts.update',
  method: 'PUT',
  path: '/v4/console/api/environment/{envId}/alerts/{alertId}',
  summary: "Change a disabled alert's settings (409 alertEnabled while it is enabled, §4); its mails take the saver's language",
  access: access.environment('envId', 'cockpit', 'operations'),
  params: alertParams,
  body: alertSettingsSchema,
  response: alertSchema,
});

export const setAlertEnabled = defineEndpoint({
  id: 'alerts.setEnabled',
  method: 'PATCH',
  path: '/v4/console/api/environment/{envId}/alerts/{alertId}/enabled',
  summary: 'Enable or disable an alert; disabling ends a firing without a recovery mail',
  access: access.environment('envId', 'cockpit', 'operations'),
  params: alertParams,
  body: z.object({ enabled: z.boolean() }),
  response: alertSchema,
});

export const deleteAlert = defineEndpoint({
  id: 'alerts.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}/alerts/{alertId}',
  summary: 'Delete an alert and its history',
  access: access.environment('envId', 'cockpit', 'operations'),
  params: alertParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const alertEndpoints = [listAlerts, createAlert, updateAlert, setAlertEnabled, deleteAlert] as const;
