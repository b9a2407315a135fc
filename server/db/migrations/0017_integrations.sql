CREATE TABLE "connector_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"connector_id" text NOT NULL,
	"message_id" text NOT NULL,
	"analysis_id" text,
	"write_back" text DEFAULT 'pending' NOT NULL,
	"write_back_error" text,
	"write_back_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connector_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"connector_id" text NOT NULL,
	"trigger" text NOT NULL,
	"from_date" timestamp with time zone NOT NULL,
	"to_date" timestamp with time zone NOT NULL,
	"force_duplicates" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets_sealed" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'needsAuthorization' NOT NULL,
	"oauth_state" text,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"output_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"last_execution_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connector_messages" ADD CONSTRAINT "connector_messages_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_messages" ADD CONSTRAINT "connector_messages_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_runs" ADD CONSTRAINT "connector_runs_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_messages_seen_idx" ON "connector_messages" USING btree ("connector_id","message_id");--> statement-breakpoint
CREATE INDEX "connector_messages_write_back_idx" ON "connector_messages" USING btree ("write_back");--> statement-breakpoint
CREATE INDEX "connector_runs_connector_idx" ON "connector_runs" USING btree ("connector_id","created_at");--> statement-breakpoint
CREATE INDEX "connector_runs_status_idx" ON "connector_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "connectors_environment_idx" ON "connectors" USING btree ("environment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_oauth_state_idx" ON "connectors" USING btree ("oauth_state");