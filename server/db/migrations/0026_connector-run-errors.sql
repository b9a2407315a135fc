-- A run's error and a message's write-back error were "code" or "code: detail" text, like the
-- connector's last error before 0024; they become { code, detail } so nothing parses them back.
ALTER TABLE "connector_messages" ALTER COLUMN "write_back_error" SET DATA TYPE jsonb USING (
  CASE
    WHEN "write_back_error" IS NULL THEN NULL
    WHEN position(': ' in "write_back_error") > 0 THEN jsonb_build_object('code', split_part("write_back_error", ': ', 1), 'detail', substr("write_back_error", position(': ' in "write_back_error") + 2))
    ELSE jsonb_build_object('code', "write_back_error", 'detail', NULL)
  END
);--> statement-breakpoint
ALTER TABLE "connector_runs" ALTER COLUMN "error" SET DATA TYPE jsonb USING (
  CASE
    WHEN "error" IS NULL THEN NULL
    WHEN position(': ' in "error") > 0 THEN jsonb_build_object('code', split_part("error", ': ', 1), 'detail', substr("error", position(': ' in "error") + 2))
    ELSE jsonb_build_object('code', "error", 'detail', NULL)
  END
);
