/**
 * The environment's error logs (spec §2.4 navigation menu "error logs"): the recent errors
 * of every module, webhook delivery and reply template, read from what the pipeline already stores
 * (the analysis trace, webhook delivery attempts, `reply_template_errors`). Nothing new is written.
 *
 * Each entry carries a stable `code` and its `params` (the console translates them) beside `detail`,
 * the stored text of the error as the module wrote it. Only errors within the environment's
 * retention (§9) are listed; `never` keeps a day (the trace outlives the content it describes).
 */
import { z } from 'zod';
import { dateTimeParam } from './date-params';
import { access, defineEndpoint, plainText, type Endpoint } from './define';
import { retentionSchema } from './environments';

/** Where an error comes from: a pipeline step or module, a webhook delivery, a reply template render. */
export const ERROR_LOG_SOURCES = ['module', 'delivery', 'template'] as const;
export const errorLogSourceSchema = z.enum(ERROR_LOG_SOURCES);
export type ErrorLogSource = z.infer<typeof errorLogSourceSchema>;

/**
 * Codes of the entries (namespace `errorLogs`, key `codes.<code>`). Params:
 * - moduleFailed `{ module }`: a module or pipeline step ended in error (trace row);
 * - moduleAborted `{ module }`: the step was aborted;
 * - deliveryHttpStatus `{ status, url }`: the destination answered a non-2xx status (§8);
 * - deliveryFailed `{ url }`: the delivery could not be made (connection, refused address, timeout);
 * - templateError `{ template, inTemplate, line, kind }`: a reply template failed to render.
 */
export const ERROR_LOG_CODES = ['moduleFailed', 'moduleAborted', 'deliveryHttpStatus', 'deliveryFailed', 'templateError'] as const;
export type ErrorLogCode = (typeof ERROR_LOG_CODES)[number];

export const errorLogEntrySchema = z.object({
  id: z.string(),
  source: errorLogSourceSchema,
  at: z.string(),
  /** A module type, a pipeline step (`queue`, `webhooks`, `finalStatus`), `webhooks` or `replyTemplate`. */
  module: z.string(),
  analysisId: z.string(),
  /** Null when the analysis is gone (template errors outlive it). */
  analysisName: z.string().nullable(),
  code: z.enum(ERROR_LOG_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The stored text of the error, as written by the module (not translated). */
  detail: z.string().nullable(),
});
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;

export const ERROR_LOG_LIMIT = 200;

export const errorLogsQuerySchema = z.object({
  /** One module or step (`module` of the entries), or every one. */
  module: z.string().trim().min(1).max(50).optional(),
  source: errorLogSourceSchema.optional(),
  /** ISO instants bounding the period (inclusive). */
  from: dateTimeParam().optional(),
  to: dateTimeParam().optional(),
  /** Looked for, case-insensitively, in the stored text, the analysis name and the module. */
  search: plainText().trim().max(200).optional(),
});
export type ErrorLogsQuery = z.infer<typeof errorLogsQuerySchema>;

export const errorLogsSchema = z.object({
  entries: z.array(errorLogEntrySchema),
  /** The environment's retention and the oldest instant listed (null: no limit). */
  retention: retentionSchema,
  since: z.string().nullable(),
  /** More matched than `ERROR_LOG_LIMIT`: the newest are listed. */
  truncated: z.boolean(),
  /** Every module or step that has an error in the retention period, for the filter. */
  modules: z.array(z.string()),
});
export type ErrorLogs = z.infer<typeof errorLogsSchema>;

export const listErrorLogs = defineEndpoint({
  id: 'errorLogs.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/error-logs',
  summary: "The environment's recent errors of modules, deliveries and reply templates, newest first",
  // As the analyses they come from: qualifiers read them, and the SRE who operates the environment.
  access: access.environment('envId', 'qualifier', 'operations'),
  params: z.object({ envId: z.string().min(1) }),
  query: errorLogsQuerySchema,
  response: errorLogsSchema,
});

export const errorLogEndpoints: readonly Endpoint[] = [listErrorLogs];
