/**
 * Retention (§9: always, never, 1 day, 1 week, 1 month, 6 months, 1 year), read as the settings
 * screen labels it, "Analyses retention": how long a finished analysis keeps its content.
 * - `always`: kept for ever, never anonymized;
 * - `never`: not kept: anonymized as soon as it is finished (once its webhooks are delivered);
 * - a period: anonymized that long after it finished.
 * Anonymizing removes content and files (file bytes, module results, delivery payloads) and keeps
 * metadata: name, status, dates, input type, metadata, sizes, trace and delivery outcomes. Only
 * finished analyses are touched (one awaiting its final status is not finished), and never while a
 * delivery is still scheduled (it needs its payload). Safe to run from several processes at once.
 *
 * The dashboard's rolled-up hours count extracted values (top extracted values), which are content:
 * an hour older than the environment's retention forgets them too, as does every hour of a deleted
 * environment. The other counts (statuses, categories, durations) are metadata and stay.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { rowsOf } from './claim';

const BATCH = 500;

/** Anonymizes every analysis whose retention has run out at `now`; returns how many. */
export async function anonymizeDue(db: Database, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      WITH due AS (
        SELECT a.id FROM analyses a JOIN environments e ON e.id = a.environment_id
        WHERE a.anonymized_at IS NULL
          AND a.status IN ('processed', 'error', 'aborted')
          AND CASE coalesce(e.settings->>'retention', '1m')
            WHEN 'always' THEN false
            WHEN 'never' THEN true
            WHEN '1d' THEN coalesce(a.finished_at, a.created_at) <= ${at}::timestamptz - interval '1 day'
            WHEN '1w' THEN coalesce(a.finished_at, a.created_at) <= ${at}::timestamptz - interval '7 days'
            WHEN '6m' THEN coalesce(a.finished_at, a.created_at) <= ${at}::timestamptz - interval '6 months'
            WHEN '1y' THEN coalesce(a.finished_at, a.created_at) <= ${at}::timestamptz - interval '1 year'
            ELSE coalesce(a.finished_at, a.created_at) <= ${at}::timestamptz - interval '1 month'
          END
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.analysis_id = a.id AND d.outcome = 'scheduled')
        ORDER BY a.id
        LIMIT ${BATCH}
        FOR UPDATE OF a SKIP LOCKED
      ),
      emptied_files AS (
        UPDATE analysis_files SET content = NULL WHERE analysis_id IN (SELECT id FROM due) RETURNING id
      ),
      emptied_payloads AS (
        UPDATE webhook_deliveries SET payload = NULL WHERE analysis_id IN (SELECT id FROM due) RETURNING id
      )
      UPDATE analyses AS a SET
        anonymized_at = ${at}::timestamptz,
        results_summary = NULL,
        modules = (SELECT coalesce(jsonb_agg(m || '{"result": null}'::jsonb), '[]'::jsonb) FROM jsonb_array_elements(a.modules) AS m)
      FROM due WHERE a.id = due.id
      RETURNING a.id`);
    const count = rowsOf(result).length;
    total += count;
    if (count < BATCH) break;
  }
  await forgetExtractedValuesDue(db, at);
  return total;
}

/** The retention period of an environment's settings, as a SQL interval; null for `always`. */
const RETENTION_INTERVAL = sql`CASE coalesce(e.settings->>'retention', '1m')
  WHEN 'always' THEN NULL WHEN 'never' THEN interval '0' WHEN '1d' THEN interval '1 day' WHEN '1w' THEN interval '7 days'
  WHEN '6m' THEN interval '6 months' WHEN '1y' THEN interval '1 year' ELSE interval '1 month' END`;

async function forgetExtractedValuesDue(db: Database, at: string): Promise<void> {
  await db.execute(sql`
    UPDATE dashboard_hours AS h SET figures = h.figures - 'extractedValue'
    WHERE h.figures -> 'extractedValue' IS NOT NULL
      AND (
        NOT EXISTS (SELECT 1 FROM environments e WHERE e.id = h.environment_id)
        OR EXISTS (
          SELECT 1 FROM environments e WHERE e.id = h.environment_id
            AND h.hour + interval '1 hour' <= ${at}::timestamptz - ${RETENTION_INTERVAL}
        )
      )`);
}
