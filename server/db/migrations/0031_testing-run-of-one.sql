-- A test run may be on one bank message instead of a set (the qualification screen's pre-annotation).
-- Existing runs are all on a set, so the check holds for them.
ALTER TABLE "testing_runs" ALTER COLUMN "set_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "testing_runs" ALTER COLUMN "set_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD CONSTRAINT "testing_runs_set_or_message" CHECK (("testing_runs"."set_id" IS NOT NULL AND "testing_runs"."set_name" IS NOT NULL AND "testing_runs"."message_id" IS NULL) OR ("testing_runs"."set_id" IS NULL AND "testing_runs"."set_name" IS NULL AND "testing_runs"."message_id" IS NOT NULL));