CREATE TABLE "testing_domain_rules" (
	"project_id" text PRIMARY KEY NOT NULL,
	"v1" jsonb NOT NULL,
	"v2" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_run_messages" (
	"run_id" text NOT NULL,
	"message_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"duration_ms" integer,
	"expected" jsonb NOT NULL,
	"obtained" jsonb,
	"outcomes" jsonb,
	"fired_rules" jsonb,
	CONSTRAINT "testing_run_messages_run_id_message_id_pk" PRIMARY KEY("run_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "testing_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"environment_id" text NOT NULL,
	"environment_name" text NOT NULL,
	"set_id" text NOT NULL,
	"set_name" text NOT NULL,
	"version_id" text,
	"version_name" text,
	"settings" jsonb NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"kinds" jsonb NOT NULL,
	"rules_v1" jsonb NOT NULL,
	"rules_v2" jsonb NOT NULL,
	"metrics" jsonb,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "testing_domain_rules" ADD CONSTRAINT "testing_domain_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_run_messages" ADD CONSTRAINT "testing_run_messages_run_id_testing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."testing_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD CONSTRAINT "testing_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD CONSTRAINT "testing_runs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_runs" ADD CONSTRAINT "testing_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testing_run_messages_run_position_idx" ON "testing_run_messages" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "testing_runs_project_created_idx" ON "testing_runs" USING btree ("project_id","created_at");