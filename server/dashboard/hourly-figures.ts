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

/** What a successful extraction module extracted: once per analysis, or per document. */
const EXTRACTED_ONCE_PATH = '$[*] ? (@.type == "extraction" && @.outcome == "success").result.fields';
const EXTRACTED_PER_DOCUMENT_PATH = '$[*] ? (@.type == "extraction" && @.outcome == "success").result.documents[*].fields';
/** Separates the field from the value in an `extractedValue` key (a control character no name holds). */
export const FIELD_VALUE_SEPARATOR = '\u001f';
/** Longest value kept (characters), and values kept per environment and hour (the most frequent). */
const EXTRACTED_VALUE_MAX_LENGTH = 100;
const EXTRACTED_VALUES_PER_HOUR = 20;

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
    SELECT environment_id, hour, 'extractedValue', key, count FROM (
      -- Scalar values only, cut to a length, and only an hour's most frequent ones: an identifier
      -- that differs in every analysis would otherwise grow each hour's row without telling anything.
      SELECT environment_id, hour, key, count(*)::int AS count,
          row_number() OVER (PARTITION BY environment_id, hour ORDER BY count(*) DESC, key) AS rank
        FROM (
          SELECT a.environment_id, ${hour} AS hour,
              kv.key || ${FIELD_VALUE_SEPARATOR}::text || left(kv.value #>> '{}', ${EXTRACTED_VALUE_MAX_LENGTH}) AS key
            FROM analyses a
            CROSS JOIN LATERAL (
              SELECT f FROM (
                SELECT jsonb_path_query(a.modules, ${EXTRACTED_ONCE_PATH}::jsonpath) AS f
                UNION ALL SELECT jsonb_path_query(a.modules, ${EXTRACTED_PER_DOCUMENT_PATH}::jsonpath)
              ) found WHERE jsonb_typeof(f) = 'object'
            ) fields
            CROSS JOIN LATERAL jsonb_each(fields.f) kv
            WHERE ${ended} AND jsonb_typeof(kv.value) IN ('string', 'number', 'boolean') AND kv.value #>> '{}' <> ''
        ) extracted
        GROUP BY 1, 2, 3
    ) ranked WHERE rank <= ${EXTRACTED_VALUES_PER_HOUR}
    UNION ALL
    SELECT a.environment_id, date_trunc('hour', ${attemptEnd}, 'UTC'), 'webhook', w.outcome::text, count(*)::int
      FROM webhook_deliveries w JOIN analyses a ON a.id = w.analysis_id
      WHERE ${attemptEnd} >= ${start}::timestamptz AND ${attemptEnd} < ${end}::timestamptz AND w.outcome <> 'scheduled' ${env}
      GROUP BY 1, 2, 4`;
}
