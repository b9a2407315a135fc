-- The last error was "code" or "code: detail" text; it becomes { code, detail } so nothing parses it back.
ALTER TABLE "connectors" ALTER COLUMN "last_error" SET DATA TYPE jsonb USING (
  CASE
    WHEN "last_error" IS NULL THEN NULL
    WHEN position(': ' in "last_error") > 0 THEN jsonb_build_object('code', split_part("last_error", ': ', 1), 'detail', substr("last_error", position(': ' in "last_error") + 2))
    ELSE jsonb_build_object('code', "last_error", 'detail', NULL)
  END
);
