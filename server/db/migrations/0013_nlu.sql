CREATE TYPE "public"."nlu_server_status" AS ENUM('stopped', 'starting', 'started');--> statement-breakpoint
CREATE TABLE "nlu_archetypes" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"dictionaries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlu_contexts" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"languages" jsonb DEFAULT '["fr"]'::jsonb NOT NULL,
	"neutralizers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlu_functions" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"string_value" text,
	"parameter_name" text,
	"interaction_to_find" text,
	"parameter_to_find" text,
	"parameter_baseline" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlu_interactions" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"context_id" text NOT NULL,
	"name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ordered" boolean DEFAULT false NOT NULL,
	"distance" integer NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlu_revisions" (
	"environment_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlu_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"ai_version" text NOT NULL,
	"default_language" text NOT NULL,
	"response_format" text NOT NULL,
	"labeling" boolean DEFAULT true NOT NULL,
	"multiple_interactions" boolean DEFAULT false NOT NULL,
	"contexts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token" text NOT NULL,
	"status" "nlu_server_status" DEFAULT 'stopped' NOT NULL,
	"ready_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nlu_archetypes" ADD CONSTRAINT "nlu_archetypes_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlu_contexts" ADD CONSTRAINT "nlu_contexts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlu_functions" ADD CONSTRAINT "nlu_functions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlu_interactions" ADD CONSTRAINT "nlu_interactions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlu_interactions" ADD CONSTRAINT "nlu_interactions_context_id_nlu_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "public"."nlu_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlu_revisions" ADD CONSTRAINT "nlu_revisions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlu_servers" ADD CONSTRAINT "nlu_servers_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nlu_archetypes_environment_name_unique" ON "nlu_archetypes" USING btree ("environment_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "nlu_contexts_environment_name_unique" ON "nlu_contexts" USING btree ("environment_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "nlu_functions_environment_name_unique" ON "nlu_functions" USING btree ("environment_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "nlu_interactions_context_name_unique" ON "nlu_interactions" USING btree ("context_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "nlu_servers_environment_name_unique" ON "nlu_servers" USING btree ("environment_id","name");