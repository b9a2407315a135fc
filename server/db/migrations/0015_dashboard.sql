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
CREATE TABLE "alert_events" (
	"id" text PRIMARY KEY NOT NULL,
	"alert_id" text NOT NULL,
	"environment_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"firing" boolean DEFAULT false NOT NULL,
	"last_evaluated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_environment_at_idx" ON "alert_events" USING btree ("environment_id","at");--> statement-breakpoint
CREATE INDEX "alerts_environment_idx" ON "alerts" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "analyses_finished_idx" ON "analyses" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE INDEX "analysis_usage_created_idx" ON "analysis_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_ended_idx" ON "webhook_deliveries" USING btree (coalesce(delivered_at, error_at));