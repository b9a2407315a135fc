-- A run's error and a message's write-back error were "code" or "code: detail" text, like the
-- connector's last error before 0024; they become { code, detail } so nothing parses them back.
CREATE FUNCTION pg_temp.connector_failure(stored text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN stored IS NULL THEN NULL
    WHEN position(': ' in stored) > 0 THEN jsonb_build_object('code', split_part(stored, ': ', 1), 'detail', substr(stored, position(': ' in stored) + 2))
    ELSE jsonb_build_object('code', stored, 'detail', NULL)
  END
$$;--> statement-breakpoint
ALTER TABLE "connector_messages" ALTER COLUMN "write_back_error" SET DATA TYPE jsonb USING pg_temp.connector_failure("write_back_error");--> statement-breakpoint
ALTER TABLE "connector_runs" ALTER COLUMN "error" SET DATA TYPE jsonb USING pg_temp.connector_failure("error");
