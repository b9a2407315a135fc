/**
 * The dashboard's figures of each hour, counted from the analyses, the usage ledger and the webhook
 * attempts: one SELECT of (environment_id, hour, metric, key, count) rows. The rollup stores its
 * output for closed hours (rollup.ts); the dashboard counts the hours after the rollup with the same
 * SELECT for one environment (read.ts), so both always agree.
 *
 * Hours are UTC hours (`date_trunc(…, 'UTC')`): a time zone of whole hours cuts days on them; the
 * few zones with half hours see their days shifted by that half hour.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DURATION_BOUNDS_MS } from '../../src/contract/dashboard';

/** `width_bucket` over the bounds: bucket k holds bound[k-1] < ms ≤ bound[k] (k = 0: up to the first). */
const BOUNDS = sql.raw(`ARRAY[${DURATION_BOUNDS_MS.join(',')}]::float8[]`);

/** Categories a successful categorization module gave, each decision with its target. */
const CATEGORY_PATH = '$[*] ? (@.type == "categorization" && @.outcome == "success").result.documents[*].categories[*]';

/** Rows of every metric for hours in [from, to), for one environment or all of them. */
export function hourlyFigures(from: Date, to: Date, environmentId?: string): SQL {
  const start = from.toISOString();
  const end = to.toISOString();
  const usageEnv = environmentId === undefined ? sql`` : sql`AND u.environment_id = ${environmentId}`;
  const env = environmentId === undefined ? sql`` : sql`AND a.environment_id = ${environmentId}`;
  const ended = sql`a.finished_at >= ${start}::timestamptz AND a.finished_at < ${end}::timestamptz
    AND a.status IN ('processed', 'error', 'aborted') ${env}`;
  const hour = sql`date_trunc('hour', a.finished_at, 'UTC')`;
  const attemptEnd = sql`coalesce(w.delivered_at, w.error_at)`;
  return sql`
    SELECT u.environment_id, date_trunc('hour', u.created_at, 'UTC') AS hour, 'received' AS metric, '' AS key, count(*)::int AS count
      FROM analysis_usage u
      WHERE u.created_at >= ${start}::timestamptz AND u.created_at < ${end}::timestamptz ${usageEnv}
      GROUP BY 1, 2
    UNION ALL
    SELECT a.environment_id, ${hour}, 'finished', a.status::text, count(*)::int
      FROM analyses a WHERE ${ended} GROUP BY 1, 2, 4
    UNION ALL
    SELECT a.environment_id, ${hour}, 'duration',
        width_bucket(extract(epoch FROM a.finished_at - a.created_at) * 1000 - 0.0005, ${BOUNDS})::text, count(*)::int
      FROM analyses a WHERE ${ended} GROUP BY 1, 2, 4
    UNION ALL
    SELECT a.environment_id, ${hour}, 'moduleError', m->>'name', count(*)::int
      FROM analyses a CROSS JOIN LATERAL jsonb_array_elements(a.modules) m
      WHERE ${ended} AND m->>'outcome' = 'error' GROUP BY 1, 2, 4
    UNION ALL
    SELECT a.environment_id, ${hour},
        CASE WHEN d->>'target' = 'attachment' THEN 'attachmentCategory' ELSE 'category' END, d->>'category', count(*)::int
      FROM analyses a CROSS JOIN LATERAL jsonb_path_query(a.modules, ${CATEGORY_PATH}::jsonpath) d
      WHERE ${ended} GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT a.environment_id, date_trunc('hour', ${attemptEnd}, 'UTC'), 'webhook', w.outcome::text, count(*)::int
      FROM webhook_deliveries w JOIN analyses a ON a.id = w.analysis_id
      WHERE ${attemptEnd} >= ${start}::timestamptz AND ${attemptEnd} < ${end}::timestamptz AND w.outcome <> 'scheduled' ${env}
      GROUP BY 1, 2, 4`;
}
