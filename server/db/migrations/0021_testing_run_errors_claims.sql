ALTER TABLE "testing_run_messages" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD COLUMN "lease_until" timestamp with time zone;