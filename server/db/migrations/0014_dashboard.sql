CREATE TABLE "dashboard_hours" (
	"environment_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "dashboard_hours_environment_id_hour_pk" PRIMARY KEY("environment_id","hour")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analyses_finished_idx" ON "analyses" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE INDEX "analysis_usage_created_idx" ON "analysis_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_ended_idx" ON "webhook_deliveries" USING btree (coalesce(delivered_at, error_at));